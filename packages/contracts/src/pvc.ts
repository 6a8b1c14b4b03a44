/**
 * Professional voice cloning (SDK `voices.pvc.*`, decision 084): requests and responses as
 * `@elevenlabs/elevenlabs-js` shapes them (snake_case on the wire).
 */
import { z } from 'zod';
import { voiceLabelsInput, voiceSample } from './voices';

const languageCode = z.string().trim().min(2).max(10);

/** POST /v1/voices/pvc (SDK `CreatePvcVoiceRequest`). */
export const createPvcRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    language: languageCode,
    description: z.string().max(1000).nullish(),
    labels: voiceLabelsInput.nullish(),
  })
  .meta({ id: 'CreatePvcVoiceRequest' });

/** POST /v1/voices/pvc/{voice_id} (SDK `BodyEditPvcVoice`). */
export const editPvcRequest = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    language: languageCode.optional(),
    description: z.string().max(1000).nullish(),
    labels: voiceLabelsInput.nullish(),
  })
  .meta({ id: 'EditPvcVoiceRequest' });

/** SDK `AddVoiceResponseModel`. */
export const pvcVoiceIdResponse = z.object({ voice_id: z.string() }).meta({ id: 'AddVoiceResponseModel' });

/** `{"status": "ok"}` and the like (SDK Start…/Delete…/Verify… response models). */
export const pvcStatusResponse = z.object({ status: z.string() }).meta({ id: 'PvcStatusResponse' });

export const pvcSampleParams = z.object({
  voice_id: z.string().min(1).max(64),
  sample_id: z.string().min(1).max(64),
});
export const pvcSpeakerParams = pvcSampleParams.extend({ speaker_id: z.string().min(1).max(64) });

const multipartFlag = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === 'True')
  .optional();

/** POST /v1/voices/pvc/{voice_id}/samples (multipart: files, remove_background_noise). */
export const addPvcSamplesFields = z.looseObject({
  remove_background_noise: multipartFlag,
  files: z.unknown().optional().meta({ description: 'Audio files (multipart parts named files).' }),
});

/** POST /v1/voices/pvc/{voice_id}/samples/{sample_id} (SDK `BodyUpdatePvcVoiceSample`). */
export const updatePvcSampleRequest = z
  .object({
    remove_background_noise: z.boolean().optional(),
    selected_speaker_ids: z.array(z.string().min(1).max(64)).max(10).nullish(),
    trim_start_time: z.number().int().min(0).nullish(),
    trim_end_time: z.number().int().min(0).nullish(),
    file_name: z.string().trim().min(1).max(255).nullish(),
  })
  .meta({ id: 'UpdatePvcSampleRequest' });

const utterance = z.object({ start: z.number(), end: z.number() });

/** SDK `SpeakerSeparationResponseModel`. */
export const speakerSeparationResponse = z
  .object({
    voice_id: z.string(),
    sample_id: z.string(),
    status: z.enum(['not_started', 'pending', 'completed', 'failed']),
    speakers: z
      .record(
        z.string(),
        z.object({
          speaker_id: z.string(),
          duration_secs: z.number(),
          utterances: z.array(utterance),
          /** Median pitch of the speaker's speech (not an SDK field). */
          pitch_hz: z.number(),
        }),
      )
      .nullable(),
    selected_speaker_ids: z.array(z.string()).nullable(),
  })
  .meta({ id: 'SpeakerSeparationResponseModel' });

/** A PVC sample (SDK `VoiceSample`, with its speaker separation). */
export const pvcSample = voiceSample
  .extend({ speaker_separation: speakerSeparationResponse.nullable() })
  .meta({ id: 'PvcVoiceSample' });
export const pvcSamplesResponse = z.array(pvcSample);

/** SDK `VoiceSamplePreviewResponseModel`. */
export const samplePreviewResponse = z
  .object({
    audio_base_64: z.string(),
    voice_id: z.string(),
    sample_id: z.string(),
    media_type: z.string(),
    duration_secs: z.number(),
  })
  .meta({ id: 'VoiceSamplePreviewResponseModel' });
export const sampleAudioQuery = z.object({
  remove_background_noise: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** SDK `VoiceSampleVisualWaveformResponseModel`: peak levels 0..1, evenly over the sample. */
export const sampleWaveformResponse = z
  .object({ sample_id: z.string(), visual_waveform: z.array(z.number()) })
  .meta({ id: 'VoiceSampleVisualWaveformResponseModel' });

/** SDK `SpeakerAudioResponseModel`. */
export const speakerAudioResponse = z
  .object({ audio_base_64: z.string(), media_type: z.string(), duration_secs: z.number() })
  .meta({ id: 'SpeakerAudioResponseModel' });

/** POST /v1/voices/pvc/{voice_id}/train (SDK `BodyRunPvcTraining`). */
export const trainPvcRequest = z
  .object({ model_id: z.string().min(1).max(100).nullish() })
  .meta({ id: 'TrainPvcRequest' });

/** POST /v1/voices/pvc/{voice_id}/verification (multipart: files, extra_text). */
export const manualVerificationFields = z.looseObject({
  extra_text: z.string().max(2000).optional(),
  files: z
    .unknown()
    .optional()
    .meta({ description: 'Documents or recordings (multipart parts named files).' }),
});

/** POST /v1/voices/pvc/{voice_id}/captcha (multipart: recording). */
export const captchaFields = z.looseObject({
  recording: z.unknown().optional().meta({ description: 'The recording of the captcha text (audio file).' }),
});

/** GET /v1/voices/pvc/{voice_id}/captcha: the text to read (the SDK reads nothing; the page shows it). */
export const captchaResponse = z
  .object({
    text: z.string(),
    attempts_used: z.number().int(),
    max_attempts: z.number().int(),
    min_word_recall: z.number(),
  })
  .meta({ id: 'PvcCaptchaResponse' });

/** POST /v1/voices/pvc/{voice_id}/captcha: the outcome (SDK `VerifyPvcVoiceCaptchaResponseModel` + detail). */
export const captchaResultResponse = z
  .object({
    status: z.string(),
    accepted: z.boolean(),
    similarity: z.number(),
    levenshtein_distance: z.number().int(),
    heard: z.string(),
    text: z.string(),
    /** How far the reader's voice lay from the samples' (semitones of pitch, 3 dB of tilt as one; decision 087). */
    speaker_distance: z.number().nullable(),
    /** Why a refused recording was refused. */
    failure: z.string().optional(),
  })
  .meta({ id: 'VerifyPvcVoiceCaptchaResponse' });

/** The voice's `fine_tuning` (SDK `FineTuningResponse`). */
export const fineTuningResponse = z
  .object({
    is_allowed_to_fine_tune: z.boolean(),
    state: z.record(
      z.string(),
      z.enum(['not_started', 'queued', 'fine_tuning', 'fine_tuned', 'failed', 'delayed']),
    ),
    verification_failures: z.array(z.string()),
    verification_attempts_count: z.number().int(),
    manual_verification_requested: z.boolean(),
    language: z.string(),
    progress: z.record(z.string(), z.number()),
    message: z.record(z.string(), z.string()),
    dataset_duration_seconds: z.number().nullable(),
    verification_attempts: z.array(
      z.object({
        text: z.string(),
        date_unix: z.number().int(),
        accepted: z.boolean(),
        similarity: z.number(),
        levenshtein_distance: z.number(),
      }),
    ),
    slice_ids: z.array(z.string()).nullable(),
    max_verification_attempts: z.number().int(),
  })
  .meta({ id: 'FineTuningResponse' });

export type PvcSample = z.infer<typeof pvcSample>;
export type FineTuning = z.infer<typeof fineTuningResponse>;
export type SpeakerSeparation = z.infer<typeof speakerSeparationResponse>;
