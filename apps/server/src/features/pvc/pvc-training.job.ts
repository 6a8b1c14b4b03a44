/**
 * Trains a professional voice (decision 086): reads its samples (only the selected speakers' speech
 * where a sample was separated), measures them sentence by sentence, fits the fine profile on every
 * engine this server has, and stores it. Progress and state go to the voice's `fine_tuning` and out
 * over live updates (collection `voice`) after each step.
 */
import { baseGender } from '@vocalis/speech/profile/fit';
import { fineFitOnBase, fineTarget } from '@vocalis/speech/profile/fine-fit';
import type { MonoAudio } from '@vocalis/speech/profile/clone';
import type { PvcState, StoredVoiceProfile } from '../../db/schema/voices';
import { defineJob, type JobContext } from '../../jobs/job';
import { createEngineRegistry, type EngineRegistry } from '../../speech/engines';
import { BASES, describeProfile } from '../voices/voice-fitting';
import { professionalVoice } from './pvc-access';
import { presentFineTuning } from './pvc.presenter';
import { pvcTrainingSpec } from './pvc-jobs';
import { knownReading, selectedSpeech } from './pvc-sample-audio';
import * as repo from './pvc.repo';

let engines: EngineRegistry | undefined;

export const pvcTrainingJob = defineJob({
  ...pvcTrainingSpec,
  async perform({ workspaceId, voiceId, modelId }, ctx) {
    engines ??= createEngineRegistry(ctx.config);
    const voice = await professionalVoice(ctx.db, workspaceId, voiceId).catch(() => undefined);
    if (!voice) return; // deleted meanwhile
    let pvc: PvcState = voice.row.pvc;
    const step = async (
      state: PvcState['state'][string],
      progress: number,
      message: string,
      extra: Partial<PvcState> = {},
    ) => {
      pvc = {
        ...pvc,
        ...extra,
        state: { ...pvc.state, [modelId]: state },
        progress: { ...pvc.progress, [modelId]: progress },
        message: { ...pvc.message, [modelId]: message },
      };
      await repo.setPvcState(ctx.db, workspaceId, voiceId, pvc);
      publish(ctx, workspaceId, voiceId, { ...voice.row, pvc });
    };
    try {
      await step('fine_tuning', 0.05, 'Reading the samples.');
      const clips: MonoAudio[] = [];
      for (const s of voice.samples) clips.push(await selectedSpeech(ctx.files, s));
      await step('fine_tuning', 0.2, 'Measuring pitch, rate and pauses sentence by sentence.');
      const target = await fineTarget(clips, await knownReading(ctx.files, pvc));
      const gender = baseGender(target.measure.pitchHz);
      const renderings: StoredVoiceProfile['renderings'] = {
        flite: undefined,
        rhvoice: undefined,
        espeak: undefined,
      };
      const ids = (['rhvoice', 'flite', 'espeak'] as const).filter((id) => engines!.has(id));
      for (const [i, id] of ids.entries()) {
        await step('fine_tuning', 0.3 + (0.6 * i) / ids.length, `Fitting the ${id} voice.`);
        const baseVoice = BASES[id][gender];
        const { rendering } = await fineFitOnBase(target, { engine: engines.get(id), voice: baseVoice });
        renderings[id] = { voice: baseVoice, ...rendering };
      }
      const profile: StoredVoiceProfile = { version: 1, gender, measure: { ...target.measure }, renderings };
      const speech = target.measure.speechSeconds;
      pvc = {
        ...pvc,
        stats: { ...target.stats },
        datasetDurationSeconds: Math.round(speech * 10) / 10,
        state: { ...pvc.state, [modelId]: 'fine_tuned' },
        progress: { ...pvc.progress, [modelId]: 1 },
        message: {
          ...pvc.message,
          [modelId]:
            `Trained: a fine profile from ${target.stats.sentences} sentences (${speech.toFixed(1)} s of speech)` +
            (target.timedReading ? ', speaking rate timed on the verification reading.' : '.'),
        },
      };
      await repo.finishTraining(ctx.db, workspaceId, voiceId, {
        profile,
        ...(voice.row.description ? {} : { description: describeProfile(profile) }),
        pvc,
      });
      publish(ctx, workspaceId, voiceId, { ...voice.row, pvc });
    } catch (error) {
      ctx.log.error({ err: error, voiceId }, 'professional voice training failed');
      await step(
        'failed',
        pvc.progress[modelId] ?? 0,
        'Training failed; start it again, or add clearer samples.',
      );
    }
  },
});

function publish(
  ctx: JobContext,
  workspaceId: string,
  voiceId: string,
  row: Parameters<typeof presentFineTuning>[0],
) {
  ctx.bus.publish({
    collection: 'voice',
    op: 'update',
    id: voiceId,
    data: { voice_id: voiceId, fine_tuning: presentFineTuning(row) },
    audience: { workspaceIds: [workspaceId] },
  });
}
