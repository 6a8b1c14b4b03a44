import type { FineTuning, PvcSample, SpeakerSeparation } from '@vocalis/contracts/pvc';
import { MAX_VERIFICATION_ATTEMPTS } from '@vocalis/domain/voices/professional-cloning';
import type { CustomVoiceRow, VoiceSampleRow } from '../voices/custom-voices.repo';

/** A professional voice's `fine_tuning` (SDK `FineTuningResponse`); null for other voices. */
export function presentFineTuning(
  row: Pick<CustomVoiceRow, 'pvc' | 'isVerified' | 'language'>,
): FineTuning | null {
  const p = row.pvc;
  if (!p) return null;
  return {
    is_allowed_to_fine_tune: row.isVerified,
    state: { ...p.state },
    verification_failures: p.attempts
      .filter((a) => !a.accepted)
      .map((a) =>
        a.failure
          ? `${a.failure} (heard "${a.heard}")`
          : `The recording read "${a.heard}", not the captcha text.`,
      ),
    verification_attempts_count: p.attempts.length,
    manual_verification_requested: Boolean(p.manualVerification),
    language: row.language,
    progress: { ...p.progress },
    message: { ...p.message },
    dataset_duration_seconds: p.datasetDurationSeconds ?? null,
    verification_attempts: p.attempts.map((a) => ({
      text: a.text,
      date_unix: a.dateUnix,
      accepted: a.accepted,
      similarity: a.similarity,
      levenshtein_distance: a.levenshteinDistance,
    })),
    slice_ids: null,
    max_verification_attempts: MAX_VERIFICATION_ATTEMPTS,
  };
}

/** A sample's speaker separation (SDK `SpeakerSeparationResponseModel`). */
export function presentSeparation(voiceId: string, s: VoiceSampleRow): SpeakerSeparation {
  const sp = s.speakers;
  return {
    voice_id: voiceId,
    sample_id: s.id,
    status: sp?.status ?? 'not_started',
    speakers: sp
      ? Object.fromEntries(
          sp.speakers.map((x) => [
            x.speakerId,
            {
              speaker_id: x.speakerId,
              duration_secs: x.durationSecs,
              utterances: x.utterances,
              pitch_hz: x.pitchHz,
            },
          ]),
        )
      : null,
    selected_speaker_ids: sp ? [...sp.selectedSpeakerIds] : null,
  };
}

/** A professional voice's sample (SDK `VoiceSample`). */
export function presentPvcSample(voiceId: string, s: VoiceSampleRow): PvcSample {
  return {
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
    speaker_separation: s.speakers ? presentSeparation(voiceId, s) : null,
  };
}
