import { z } from 'zod';
import { OUTPUT_FORMATS } from '@vocalis/speech/audio/output-format';
import { voiceSettings } from './voices';

/** Absolute ceiling of one request's text; each model has its own, lower or equal, limit. */
export const MAX_TEXT_CHARACTERS = 10_000;

const nonBlank = (max: number) =>
  z
    .string()
    .max(max)
    .refine((t) => t.trim().length > 0, 'Text must not be empty.');

export const ttsParams = z.object({ voice_id: z.string().min(1).max(64) });

export const ttsQuery = z.object({
  output_format: z
    .string()
    .default('mp3_44100_128')
    .refine((f) => OUTPUT_FORMATS.includes(f), {
      message: `Unsupported output_format. Supported: ${OUTPUT_FORMATS.join(', ')}.`,
    }),
  enable_logging: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(true),
  /** Deprecated by ElevenLabs; accepted and ignored: every stream already starts after one sentence. */
  optimize_streaming_latency: z.coerce.number().int().min(0).max(4).optional(),
});

/** The body the SDK sends to every text-to-speech endpoint. */
export const ttsBody = z.object({
  text: nonBlank(MAX_TEXT_CHARACTERS),
  model_id: z.string().min(1).max(100).nullish(),
  language_code: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Must be a language code such as en, fr or pt-BR.')
    .nullish(),
  voice_settings: voiceSettings.nullish(),
  pronunciation_dictionary_locators: z
    .array(z.object({ pronunciation_dictionary_id: z.string(), version_id: z.string().nullish() }))
    .max(3)
    .nullish(),
  seed: z.number().int().min(0).max(4_294_967_295).nullish(),
  previous_text: z.string().max(MAX_TEXT_CHARACTERS).nullish(),
  next_text: z.string().max(MAX_TEXT_CHARACTERS).nullish(),
  previous_request_ids: z.array(z.string().max(100)).max(3).nullish(),
  next_request_ids: z.array(z.string().max(100)).max(3).nullish(),
  use_pvc_as_ivc: z.boolean().nullish(),
  apply_text_normalization: z.enum(['auto', 'on', 'off']).default('auto'),
  apply_language_text_normalization: z.boolean().nullish(),
});
export type TtsBody = z.infer<typeof ttsBody>;

export const alignment = z
  .object({
    characters: z.array(z.string()),
    character_start_times_seconds: z.array(z.number()),
    character_end_times_seconds: z.array(z.number()),
  })
  .meta({ id: 'CharacterAlignment' });

/** `/with-timestamps`, and each line of `/stream/with-timestamps`. */
export const audioWithTimestamps = z
  .object({
    audio_base64: z.string(),
    alignment: alignment.nullable(),
    normalized_alignment: alignment.nullable(),
  })
  .meta({ id: 'AudioWithTimestampsResponse' });

/** OpenAI-compatible `POST /v1/audio/speech`. */
export const openAiSpeechBody = z.object({
  model: z.string().min(1).max(100),
  input: nonBlank(4096),
  voice: z.union([z.string().min(1).max(64), z.object({ id: z.string().min(1).max(64) })]),
  response_format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']).default('mp3'),
  speed: z.number().min(0.25).max(4).default(1),
  /** Style prompt of OpenAI's newer models; the built-in engines cannot follow prompts, so it is ignored. */
  instructions: z.string().max(4096).optional(),
  stream_format: z.enum(['audio']).optional(),
});
export type OpenAiSpeechBody = z.infer<typeof openAiSpeechBody>;
