import { z } from 'zod';

const multipartFlag = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === 'True')
  .optional();
const multipartNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const fileField = z
  .unknown()
  .optional()
  .meta({ description: 'The audio or video file (multipart part named file).' });

/** POST /v1/speech-to-text (multipart), as `speechToText.convert` sends it. */
export const speechToTextFields = z.looseObject({
  model_id: z.string().min(1).max(100),
  file: fileField,
  cloud_storage_url: z.string().max(2000).optional(),
  source_url: z.string().max(2000).optional(),
  language_code: z.string().min(2).max(20).optional(),
  tag_audio_events: multipartFlag,
  num_speakers: multipartNumber.pipe(z.number().int().min(1).max(32)).optional(),
  timestamps_granularity: z.enum(['none', 'word', 'character']).optional(),
  diarize: multipartFlag,
  additional_formats: z.string().max(10_000).optional(),
  file_format: z.enum(['pcm_s16le_16', 'other']).optional(),
  webhook: multipartFlag,
  webhook_id: z.string().max(200).optional(),
  temperature: multipartNumber.pipe(z.number().min(0).max(2)).optional(),
  seed: multipartNumber.pipe(z.number().int().min(0).max(2147483647)).optional(),
});
export type SpeechToTextFields = z.infer<typeof speechToTextFields>;

const character = z.object({ text: z.string(), start: z.number().optional(), end: z.number().optional() });
export const transcriptWord = z.object({
  text: z.string(),
  start: z.number().optional(),
  end: z.number().optional(),
  type: z.enum(['word', 'spacing', 'audio_event']),
  speaker_id: z.string().optional(),
  logprob: z.number(),
  characters: z.array(character).optional(),
});
export const additionalFormatResponse = z.object({
  requested_format: z.string(),
  file_extension: z.string(),
  content_type: z.string(),
  is_base64_encoded: z.boolean(),
  content: z.string(),
});
/** SpeechToTextChunkResponseModel. */
export const transcriptResponse = z.object({
  language_code: z.string(),
  language_probability: z.number(),
  text: z.string(),
  words: z.array(transcriptWord),
  additional_formats: z.array(additionalFormatResponse).optional(),
  transcription_id: z.string(),
  audio_duration_secs: z.number(),
});
export type TranscriptResponse = z.infer<typeof transcriptResponse>;
export type TranscriptWord = z.infer<typeof transcriptWord>;

/** SpeechToTextWebhookResponseModel: the answer of webhook mode, before the work is done. */
export const speechToTextAccepted = z.object({
  message: z.string(),
  request_id: z.string(),
  transcription_id: z.string(),
});

export const transcriptionIdParams = z.object({ transcription_id: z.string().min(1).max(64) });

/** One row of GET /v1/speech-to-text/transcripts (the page's history). */
export const transcriptSummary = z.object({
  transcription_id: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  error: z.string().nullable(),
  file_name: z.string().nullable(),
  source: z.string(),
  model_id: z.string(),
  language_code: z.string().nullable(),
  audio_duration_secs: z.number(),
  text_preview: z.string(),
  speakers: z.number().int(),
  created_at_unix: z.number().int(),
});
export type TranscriptSummary = z.infer<typeof transcriptSummary>;
export const transcriptList = z.object({ transcripts: z.array(transcriptSummary), has_more: z.boolean() });
export const transcriptListQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(30),
});

/** POST /v1/audio/transcriptions (OpenAI, multipart). */
export const openAiTranscriptionFields = z.looseObject({
  file: fileField,
  model: z.string().min(1).max(100),
  language: z.string().min(2).max(20).optional(),
  prompt: z.string().max(10_000).optional(),
  response_format: z.enum(['json', 'text', 'srt', 'verbose_json', 'vtt']).optional(),
  temperature: multipartNumber.pipe(z.number().min(0).max(1)).optional(),
  'timestamp_granularities[]': z.union([z.string(), z.array(z.string())]).optional(),
});

/** POST /v1/forced-alignment (multipart), as `forcedAlignment.create` sends it. */
export const forcedAlignmentFields = z.looseObject({
  file: fileField,
  text: z.string().max(100_000),
  enabled_spooled_file: multipartFlag,
});
const alignedSpan = z.object({ text: z.string(), start: z.number(), end: z.number() });
export const forcedAlignmentResponse = z.object({
  characters: z.array(alignedSpan),
  words: z.array(alignedSpan.extend({ loss: z.number() })),
  loss: z.number(),
});
