/**
 * Professional voices (decision 084): create and edit, verification by captcha (PocketSphinx hears the
 * recording; CAPTCHA_MIN_WORD_RECALL of the shown words must be found) or a manual request, and the
 * training job that fits the fine profile. A PVC is a custom voice too: creating one passes both the
 * professional limit and the custom-voice/add-edit limits, checked again under the workspace's lock.
 */
import { DEFAULT_MODEL_ID } from '../models/model-catalogue';
import {
  CAPTCHA_FAILURES,
  captchaMatch,
  captchaText,
  captchaVerdict,
  MAX_VERIFICATION_ATTEMPTS,
  pvcRefusals,
  refuseProfessionalAdd,
  refuseTraining,
} from '@vocalis/domain/voices/professional-cloning';
import { wordErrors } from '@vocalis/speech/quality/word-accuracy';
import { resample } from '@vocalis/speech/audio/resample';
import { poolFeatures, speakerDistance, voiceFeatures } from '@vocalis/speech/profile/speakers';
import { findRecogniser, transcribe } from '@vocalis/speech/quality/pocketsphinx';
import type { z } from 'zod';
import type { createPvcRequest, editPvcRequest } from '@vocalis/contracts/pvc';
import type { AppDb } from '../../db/client';
import type { PvcState, StoredVoiceProfile } from '../../db/schema/voices';
import { AppError, badRequest } from '../../errors';
import { enqueue } from '../../jobs/queue';
import type { EventBus } from '../../live/event-bus';
import { newId } from '../../lib/ids';
import type { KeyCaller } from '../api-keys/api-keys.policy';
import type { CustomVoicesService } from '../voices/custom-voices.service';
import * as voicesRepo from '../voices/custom-voices.repo';
import { prepareSample, type UploadedFile } from '../voices/voice-samples';
import {
  professionalVoice,
  refused,
  VOICES_READ,
  VOICES_WRITE,
  workspaceFor,
  type Workspaces,
} from './pvc-access';
import { presentFineTuning } from './pvc.presenter';
import { pvcTrainingSpec } from './pvc-jobs';
import * as repo from './pvc.repo';
import { selectedSpeech } from './pvc-sample-audio';
import type { FileStorage } from '../../storage/file-storage';

/** What an untrained professional voice stores as its profile: nothing fitted yet (it cannot speak). */
const UNTRAINED_PROFILE: StoredVoiceProfile = {
  version: 1,
  gender: 'male',
  measure: {},
  renderings: { flite: undefined, rhvoice: undefined, espeak: undefined },
};

export class PvcService {
  constructor(
    private readonly db: AppDb,
    private readonly workspaces: Workspaces,
    private readonly customVoices: CustomVoicesService,
    private readonly bus: EventBus,
    private readonly files: FileStorage,
  ) {}

  /** POST /v1/voices/pvc: a professional voice with its metadata and no samples. */
  async create(caller: KeyCaller, body: z.infer<typeof createPvcRequest>): Promise<{ voice_id: string }> {
    const workspaceId = await workspaceFor(caller, VOICES_WRITE, this.workspaces);
    await this.checkAdd(this.db, workspaceId);
    const id = newId();
    const pvc: PvcState = {
      state: { [DEFAULT_MODEL_ID]: 'not_started' },
      progress: {},
      message: {},
      captchaText: captchaText(id, 0),
      attempts: [],
    };
    await this.db.transaction(async (tx) => {
      await voicesRepo.lockWorkspaceVoices(tx, workspaceId);
      await this.checkAdd(tx, workspaceId);
      await voicesRepo.insertVoice(tx, {
        id,
        workspaceId,
        createdBy: caller.userId,
        name: body.name,
        description: body.description ?? null,
        category: 'professional',
        labels: body.labels ?? {},
        language: body.language,
        profile: UNTRAINED_PROFILE,
        requiresVerification: true,
        pvc,
      });
      await voicesRepo.recordAddEdit(tx, { id: newId(), workspaceId, voiceId: id, kind: 'add' });
    });
    return { voice_id: id };
  }

  private async checkAdd(db: AppDb, workspaceId: string): Promise<void> {
    const r = refuseProfessionalAdd(await repo.professionalCounts(db, workspaceId));
    if (r) throw refused(r);
    await this.customVoices.checkAdd(db, workspaceId);
  }

  /** POST /v1/voices/pvc/{id}: name, language, description, labels. */
  async update(
    caller: KeyCaller,
    voiceId: string,
    body: z.infer<typeof editPvcRequest>,
  ): Promise<{ voice_id: string }> {
    const workspaceId = await workspaceFor(caller, VOICES_WRITE, this.workspaces);
    await professionalVoice(this.db, workspaceId, voiceId);
    await repo.updatePvcVoice(this.db, workspaceId, voiceId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.labels ? { labels: body.labels } : {}),
    });
    return { voice_id: voiceId };
  }

  /** GET /v1/voices/pvc/{id}/captcha: the text the next recording must read. */
  async captcha(caller: KeyCaller, voiceId: string) {
    const workspaceId = await workspaceFor(caller, VOICES_READ, this.workspaces);
    const { row } = await professionalVoice(this.db, workspaceId, voiceId);
    return { text: row.pvc.captchaText, attemptsUsed: row.pvc.attempts.length, verified: row.isVerified };
  }

  /** POST /v1/voices/pvc/{id}/captcha: hears the recording and compares its words with the captcha text. */
  async verifyCaptcha(caller: KeyCaller, voiceId: string, recording: UploadedFile | undefined) {
    const workspaceId = await workspaceFor(caller, VOICES_WRITE, this.workspaces);
    const { row, samples } = await professionalVoice(this.db, workspaceId, voiceId);
    if (!recording)
      throw badRequest('Send the recording as a multipart part named recording.', 'no_recording');
    if (!samples.length && !row.isVerified)
      throw badRequest(
        "Add samples of the voice before verifying it: the recording is compared with the samples' voice.",
        'no_samples',
      );
    if (row.isVerified)
      return {
        status: 'ok',
        accepted: true,
        similarity: 1,
        distance: 0,
        heard: '',
        text: row.pvc.captchaText,
        speaker_distance: null,
      };
    if (row.pvc.attempts.length >= MAX_VERIFICATION_ATTEMPTS) throw refused(pvcRefusals.attemptsUsed());
    const sample = await prepareSample(recording, false);
    const recogniser = await findRecogniser();
    if (!recogniser)
      throw new AppError(
        503,
        'recogniser_unavailable',
        'Speech recognition (PocketSphinx) is not installed on this server.',
      );
    const heard = await transcribe(recogniser, sample.pcm, 16000);
    const text = row.pvc.captchaText;
    const words = captchaMatch(wordErrors(text, heard));
    const speaker = await this.readerDistance(sample.pcm, samples);
    const match = { ...words, ...captchaVerdict({ recall: words.recall, speakerDistance: speaker }) };
    const attempts = [
      ...row.pvc.attempts,
      {
        text,
        dateUnix: Math.floor(Date.now() / 1000),
        accepted: match.accepted,
        similarity: Math.round(match.recall * 1000) / 1000,
        levenshteinDistance: match.distance,
        heard,
        speakerDistance: Number.isFinite(speaker) ? Math.round(speaker * 100) / 100 : null,
        ...(match.failure ? { failure: CAPTCHA_FAILURES[match.failure] } : {}),
      },
    ];
    // The accepted reading is kept: training times the speaker's rate on its known words (decision 088).
    const readingPath = `voices/${workspaceId}/${voiceId}/captcha-${newId().slice(0, 8)}.16k.wav`;
    if (match.accepted) await this.files.put(readingPath, sample.wav);
    const pvc: PvcState = {
      ...row.pvc,
      attempts,
      captchaText: match.accepted ? text : captchaText(voiceId, attempts.length),
      ...(match.accepted ? { knownReading: { path: readingPath, text } } : {}),
    };
    try {
      if (match.accepted) await repo.setVerified(this.db, workspaceId, voiceId, pvc);
      else await repo.setPvcState(this.db, workspaceId, voiceId, pvc);
    } catch (error) {
      if (match.accepted) await this.files.delete(readingPath).catch(() => undefined);
      throw error;
    }
    this.publish(workspaceId, { ...row, pvc, isVerified: match.accepted });
    return {
      status: match.accepted ? 'ok' : 'failed',
      accepted: match.accepted,
      similarity: Math.round(match.recall * 1000) / 1000,
      distance: match.distance,
      heard,
      text,
      speaker_distance: Number.isFinite(speaker) ? Math.round(speaker * 100) / 100 : null,
      ...(match.failure ? { failure: CAPTCHA_FAILURES[match.failure] } : {}),
    };
  }

  /** How far the reader's voice lies from the samples' selected speech (NaN when either has no voiced speech). */
  private async readerDistance(recording: Int16Array, samples: voicesRepo.VoiceSampleRow[]): Promise<number> {
    const reader = voiceFeatures(recording, 16000);
    const parts = [];
    for (const s of samples) {
      const audio = await selectedSpeech(this.files, s);
      const f = voiceFeatures(await resample(audio.pcm, audio.sampleRate, 16000), 16000);
      if (f) parts.push(f);
    }
    const voice = poolFeatures(parts);
    return reader && voice ? speakerDistance(reader.features, voice) : Number.NaN;
  }

  /** POST /v1/voices/pvc/{id}/verification: a manual verification request (files and a note are kept). */
  async requestManualVerification(
    caller: KeyCaller,
    voiceId: string,
    extraText: string,
    files: UploadedFile[],
  ) {
    const workspaceId = await workspaceFor(caller, VOICES_WRITE, this.workspaces);
    const { row } = await professionalVoice(this.db, workspaceId, voiceId);
    if (!files.length)
      throw badRequest('Add at least one file (files) to the verification request.', 'no_files');
    const pvc: PvcState = {
      ...row.pvc,
      manualVerification: {
        extraText,
        requestTimeUnix: Math.floor(Date.now() / 1000),
        files: files.map((f) => ({
          fileName: f.filename,
          mimeType: f.mimetype,
          sizeBytes: f.data.byteLength,
        })),
      },
    };
    await repo.setPvcState(this.db, workspaceId, voiceId, pvc);
    return { status: 'ok' };
  }

  /** POST /v1/voices/pvc/{id}/train: queues the training job (verified voice, enough speech, not running). */
  async train(caller: KeyCaller, voiceId: string, modelId: string | null | undefined) {
    const workspaceId = await workspaceFor(caller, VOICES_WRITE, this.workspaces);
    const model = modelId ?? DEFAULT_MODEL_ID;
    if (model !== DEFAULT_MODEL_ID)
      throw badRequest(`Professional voices are trained for ${DEFAULT_MODEL_ID} only.`, 'invalid_model_id');
    const pvc = await this.db.transaction(async (tx) => {
      await voicesRepo.lockWorkspaceVoices(tx, workspaceId);
      const { row, samples } = await professionalVoice(tx, workspaceId, voiceId);
      const r = refuseTraining({
        verified: row.isVerified,
        state: row.pvc.state[model] ?? 'not_started',
        speechSeconds: samples.reduce((s, x) => s + x.durationSeconds, 0),
      });
      if (r) throw refused(r);
      const next: PvcState = {
        ...row.pvc,
        state: { ...row.pvc.state, [model]: 'queued' },
        progress: { ...row.pvc.progress, [model]: 0 },
        message: { ...row.pvc.message, [model]: 'Queued for training.' },
      };
      await repo.setPvcState(tx, workspaceId, voiceId, next);
      await enqueue(tx, pvcTrainingSpec, { workspaceId, voiceId, modelId: model });
      return { row, next };
    });
    this.publish(workspaceId, { ...pvc.row, pvc: pvc.next });
    return { status: 'ok' };
  }

  private publish(workspaceId: string, row: voicesRepo.CustomVoiceRow) {
    this.bus.publish({
      collection: 'voice',
      op: 'update',
      id: row.id,
      data: { voice_id: row.id, fine_tuning: presentFineTuning(row) },
      audience: { workspaceIds: [workspaceId] },
    });
  }
}
