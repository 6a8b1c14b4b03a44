import { z } from 'zod';
import { ttsQuery } from './text-to-speech';

/** `POST /v1/speech-to-speech/{voice_id}` (and `/stream`): the target voice. */
export const stsParams = z.object({ voice_id: z.string().min(1).max(64) });

/** Query as the SDK sends it: output format, logging, and the latency hint (accepted, no effect here). */
export const stsQuery = ttsQuery.extend({
  optimize_streaming_latency: z.coerce.number().int().min(0).max(4).optional(),
});

const multipartFlag = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === 'True')
  .optional();

/** Input audio formats: anything ffmpeg decodes (`other`), or raw 16-bit 16 kHz mono PCM. */
export const STS_FILE_FORMATS = ['pcm_s16le_16', 'other'] as const;

/**
 * The multipart text fields (the SDK sends numbers and flags as strings, `voice_settings` as a JSON string);
 * `audio` is the uploaded file, checked by the service.
 */
export const stsFields = z.looseObject({
  model_id: z.string().min(1).max(100).optional(),
  voice_settings: z.string().max(2000).optional(),
  seed: z.coerce.number().int().min(0).max(4294967295).optional(),
  remove_background_noise: multipartFlag,
  file_format: z.enum(STS_FILE_FORMATS).optional(),
  audio: z
    .unknown()
    .optional()
    .meta({ description: 'The speech to convert (a multipart part named audio).' }),
});

/** Speech-to-speech models: the built-in DSP conversion and, when configured, a conversion server. */
export const STS_MODEL_BUILT_IN = 'vocalis_sts_dsp_v1';
export const STS_MODEL_REMOTE = 'vocalis_sts_remote_v1';
/** ElevenLabs' speech-to-speech model ids, served by the built-in conversion. */
export const STS_MODEL_ALIASES = ['eleven_english_sts_v2', 'eleven_multilingual_sts_v2'] as const;

export type StsFields = z.infer<typeof stsFields>;
export type StsQuery = z.infer<typeof stsQuery>;
