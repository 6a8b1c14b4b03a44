import { z } from 'zod';
import { voiceSharing } from './voice-library';

/** ElevenLabs voice settings; every field optional on input, all present on output. */
export const voiceSettings = z
  .object({
    stability: z.number().min(0).max(1).nullish(),
    similarity_boost: z.number().min(0).max(1).nullish(),
    style: z.number().min(0).max(1).nullish(),
    use_speaker_boost: z.boolean().nullish(),
    speed: z.number().min(0.7).max(1.2).nullish(),
  })
  .meta({ id: 'VoiceSettings' });

export const voiceSettingsResponse = z
  .object({
    stability: z.number(),
    similarity_boost: z.number(),
    style: z.number(),
    use_speaker_boost: z.boolean(),
    speed: z.number(),
  })
  .meta({ id: 'VoiceSettingsResponse' });

/** POST /v1/voices/{id}/settings/edit (the SDK's EditVoiceSettingsResponseModel). */
export const editVoiceSettingsResponse = z
  .object({ status: z.literal('ok') })
  .meta({ id: 'EditVoiceSettingsResponse' });

export const voiceCategory = z.enum([
  'premade',
  'cloned',
  'generated',
  'professional',
  'famous',
  'high_quality',
]);

export const verifiedLanguage = z.object({
  model_id: z.string(),
  language: z.string(),
  accent: z.string().optional(),
  locale: z.string().optional(),
  preview_url: z.string().nullable(),
});

/** One recorded sample of a workspace voice (SDK `VoiceSample`). */
export const voiceSample = z
  .object({
    sample_id: z.string(),
    file_name: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    hash: z.string(),
    duration_secs: z.number(),
    remove_background_noise: z.boolean(),
    has_isolated_audio: z.boolean(),
    has_isolated_audio_preview: z.boolean(),
    /** The kept part of the upload, milliseconds (null: from the start / to the end). */
    trim_start: z.number().int().nullable(),
    trim_end: z.number().int().nullable(),
  })
  .meta({ id: 'VoiceSample' });

/** What a profile voice was fitted to (not an SDK field; the SDK keeps unknown keys). */
export const voiceProfileSummary = z
  .object({
    kind: z.literal('profile'),
    base_gender: z.enum(['male', 'female']),
    pitch_median_hz: z.number(),
    pitch_range_semitones: z.number(),
    syllables_per_second: z.number(),
    brightness_db: z.number(),
    loudness_dbfs: z.number(),
    speech_seconds: z.number(),
  })
  .meta({ id: 'VoiceProfileSummary' });

/** The voice entity (SDK `Voice`): voice_id is the only key the SDK requires; we send all we know. */
export const voice = z
  .object({
    voice_id: z.string(),
    name: z.string(),
    category: voiceCategory,
    description: z.string().nullable(),
    labels: z.record(z.string(), z.string()),
    preview_url: z.string().nullable(),
    available_for_tiers: z.array(z.string()),
    settings: voiceSettingsResponse.nullable(),
    sharing: voiceSharing.nullable(),
    high_quality_base_model_ids: z.array(z.string()),
    verified_languages: z.array(verifiedLanguage),
    collection_ids: z.array(z.string()),
    safety_control: z.enum(['BAN', 'CAPTCHA']).nullable(),
    samples: z.array(voiceSample).nullable(),
    voice_profile: voiceProfileSummary.nullable(),
    voice_verification: z.object({
      requires_verification: z.boolean(),
      is_verified: z.boolean(),
      verification_failures: z.array(z.string()),
      verification_attempts_count: z.number().int(),
    }),
    /** A professional voice's training and verification (SDK `FineTuningResponse`); absent on others. */
    fine_tuning: z.record(z.string(), z.unknown()).nullable().optional(),
    permission_on_resource: z.string().nullable(),
    is_owner: z.boolean(),
    is_legacy: z.boolean(),
    is_mixed: z.boolean(),
    created_at_unix: z.number().int().nullable(),
    /** Who in the workspace added a workspace voice (not an SDK field); absent on premade voices. */
    added_by: z.object({ user_id: z.string(), name: z.string() }).nullable().optional(),
  })
  .meta({ id: 'Voice' });

const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
/** A query value the SDK may send once or repeated (`language=en&language=fr`). */
const many = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .optional();

export const listVoicesQuery = z.object({ show_legacy: flag });
export const listVoicesResponse = z.object({ voices: z.array(voice) }).meta({ id: 'GetVoicesResponse' });

export const searchVoicesQuery = z.object({
  next_page_token: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().max(200).optional(),
  sort: z.enum(['created_at_unix', 'name']).optional(),
  sort_direction: z.enum(['asc', 'desc']).optional(),
  voice_type: z.enum(['personal', 'community', 'default', 'workspace', 'non-default', 'saved']).optional(),
  category: z.enum(['premade', 'cloned', 'generated', 'professional']).optional(),
  fine_tuning_state: z.string().max(50).optional(),
  collection_id: z.string().max(64).optional(),
  include_total_count: flag,
  gender: z.string().max(50).optional(),
  age: z.string().max(50).optional(),
  accent: z.string().max(50).optional(),
  language: many,
  use_cases: many,
  voice_ids: many,
});
export type SearchVoicesQuery = z.infer<typeof searchVoicesQuery>;

export const searchVoicesResponse = z
  .object({
    voices: z.array(voice),
    has_more: z.boolean(),
    total_count: z.number().int(),
    next_page_token: z.string().nullable(),
  })
  .meta({ id: 'GetVoicesV2Response' });

export const voiceIdParams = z.object({ voice_id: z.string().min(1).max(64) });
export const voiceSampleParams = z.object({
  voice_id: z.string().min(1).max(64),
  sample_id: z.string().min(1).max(64),
});

/** POST /v1/voices/add (SDK `AddVoiceIVCResponseModel`). */
export const addVoiceResponse = z
  .object({ voice_id: z.string(), requires_verification: z.boolean() })
  .meta({ id: 'AddVoiceIVCResponse' });

/** Edit, delete voice, delete sample: `{"status":"ok"}`. */
export const voiceStatusResponse = z.object({ status: z.literal('ok') }).meta({ id: 'VoiceStatusResponse' });

const multipartFlag = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === 'True')
  .optional();

/**
 * The text fields of POST /v1/voices/add and /v1/voices/{id}/edit (multipart/form-data); `files` are
 * audio uploads, checked by the service. `labels` is a JSON object of strings, as the SDK sends it.
 */
export const voiceUploadFields = z.looseObject({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000).optional(),
  labels: z.string().max(2000).optional(),
  remove_background_noise: multipartFlag,
  files: z.unknown().optional().meta({ description: 'Audio files (multipart parts named files).' }),
});
export const voiceLabelsInput = z.record(z.string().min(1).max(50), z.string().max(100));
export const getVoiceQuery = z.object({ with_settings: flag });

export type Voice = z.infer<typeof voice>;
export type VoiceSettingsInput = z.infer<typeof voiceSettings>;
export type VoiceSettingsResponse = z.infer<typeof voiceSettingsResponse>;
