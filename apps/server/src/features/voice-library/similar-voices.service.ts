/**
 * POST /v1/similar-voices: the uploaded recording is decoded and measured as a clone sample would be
 * (decision 060), then library voices are ranked by the distance of their stored profiles (decision 082).
 */
import { measureSamples } from '@vocalis/speech/profile/clone';
import { cloningRefusals } from '@vocalis/domain/voices/voice-cloning';
import { rankBySimilarity, type ProfileFeatures } from '@vocalis/domain/voices/voice-similarity';
import type { AppDb } from '../../db/client';
import type { StoredVoiceProfile } from '../../db/schema/voices';
import { callerWorkspace } from '../../plugins/auth';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import { uploadsOf } from '../voices/voice-upload-fields';
import { checkTotalSpeech, prepareSample, refusal, SAMPLE_RATE } from '../voices/voice-samples';
import { libraryProfiles } from './voice-library.repo';
import type { VoiceSharingService } from './voice-sharing.service';

const features = (m: Record<string, number>): ProfileFeatures => ({
  pitchHz: m.pitchHz ?? NaN,
  pitchRangeSemitones: m.pitchRangeSemitones ?? NaN,
  syllablesPerSecond: m.syllablesPerSecond ?? NaN,
  brightnessDb: m.brightnessDb ?? NaN,
});

export class SimilarVoicesService {
  constructor(
    private readonly db: AppDb,
    private readonly workspaces: { workspaceOf(userId: string): Promise<{ id: string }> },
    private readonly sharing: VoiceSharingService,
  ) {}

  async find(
    caller: KeyCaller,
    input: { audio_file?: unknown; similarity_threshold?: number; top_k?: number },
  ) {
    if (!hasPermission(caller, 'voices_read')) throw missingPermission('voices_read');
    const workspaceId = (await callerWorkspace(caller, this.workspaces)).id;
    const [file, ...rest] = uploadsOf(input.audio_file);
    if (!file || rest.length) throw refusal(cloningRefusals.noSamples());
    const sample = await prepareSample(file, false);
    checkTotalSpeech([sample]);
    const measure = await measureSamples([{ pcm: sample.pcm, sampleRate: SAMPLE_RATE }]);
    const candidates = (await libraryProfiles(this.db)).map((c) => ({
      voiceId: c.voiceId,
      features: features((c.profile as StoredVoiceProfile).measure),
    }));
    const ranked = rankBySimilarity(features({ ...measure }), candidates, {
      threshold: input.similarity_threshold,
      topK: input.top_k,
    });
    const voices = await this.sharing.byIds(
      workspaceId,
      ranked.map((r) => r.voiceId),
    );
    return {
      voices,
      has_more: false,
      total_count: voices.length,
      last_sort_id: voices.at(-1)?.voice_id ?? null,
    };
  }
}
