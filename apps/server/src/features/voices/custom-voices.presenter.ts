import type { Voice, VoiceSettingsResponse } from '@vocalis/contracts/voices';
import { DEFAULT_MODEL_ID } from '../models/model-catalogue';
import { presentCopySharing } from '../voice-library/voice-library.presenter';
import { presentFineTuning } from '../pvc/pvc.presenter';
import type { CustomVoiceRow, VoiceSampleRow } from './custom-voices.repo';

/** The API shape of a workspace's own voice (cloned, generated, professional). */
export function presentCustomVoice(
  row: CustomVoiceRow,
  samples: VoiceSampleRow[],
  settings: VoiceSettingsResponse | null,
  /**
   * Where its preview clip plays (GET /v1/voices/{id}/preview?v=<version>, null without previews); the
   * owner's view of its sharing (copies show where they came from: the row carries that); its collections.
   */
  extras: { previewUrl?: string | null; sharing?: Voice['sharing']; collectionIds?: string[] } = {},
): Voice {
  const { previewUrl = null, sharing = null, collectionIds = [] } = extras;
  const m = row.profile.measure;
  const num = (v: number | undefined) => (Number.isFinite(v) ? Math.round(v! * 100) / 100 : 0);
  return {
    voice_id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    labels: { ...row.labels },
    preview_url: previewUrl,
    available_for_tiers: [],
    settings,
    sharing: sharing ?? presentCopySharing(row),
    high_quality_base_model_ids: [],
    verified_languages: [
      { model_id: DEFAULT_MODEL_ID, language: row.language, locale: 'en-US', preview_url: previewUrl },
    ],
    collection_ids: collectionIds,
    safety_control: row.safetyControl,
    samples: samples.map((s) => ({
      sample_id: s.id,
      file_name: s.fileName,
      mime_type: s.mimeType,
      size_bytes: s.sizeBytes,
      hash: s.hash,
      duration_secs: Math.round(s.durationSeconds * 100) / 100,
      remove_background_noise: s.removeBackgroundNoise,
      has_isolated_audio: s.removeBackgroundNoise,
      has_isolated_audio_preview: false,
      trim_start: s.trimStartMs,
      trim_end: s.trimEndMs,
    })),
    voice_profile: {
      kind: 'profile',
      base_gender: row.profile.gender,
      pitch_median_hz: num(m.pitchHz),
      pitch_range_semitones: num(m.pitchRangeSemitones),
      syllables_per_second: num(m.syllablesPerSecond),
      brightness_db: num(m.brightnessDb),
      loudness_dbfs: num(m.loudnessDbfs),
      speech_seconds: num(m.speechSeconds),
    },
    voice_verification: {
      requires_verification: row.requiresVerification,
      is_verified: row.isVerified,
      verification_failures: [],
      verification_attempts_count: row.pvc?.attempts.length ?? 0,
    },
    ...(row.pvc ? { fine_tuning: presentFineTuning(row) } : {}),
    permission_on_resource: 'admin',
    is_owner: row.copyStatus === null,
    is_legacy: false,
    is_mixed: false,
    created_at_unix: Math.floor(row.createdAt.getTime() / 1000),
    added_by: row.createdBy ? { user_id: row.createdBy, name: row.addedByName ?? '' } : null,
  };
}
