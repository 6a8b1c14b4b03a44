import { z } from 'zod';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === 'True')
  .optional();
const number = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const file = (what: string) => z.unknown().optional().meta({ description: what });

/** POST /v1/dubbing (multipart), as `dubbing.create` sends it. */
export const dubbingCreateFields = z.looseObject({
  file: file('The audio or video to dub (multipart part named file).'),
  csv_file: file('Manual mode: speaker, start_time, end_time, transcription, translation.'),
  foreground_audio_file: file('Manual mode: the speech alone.'),
  background_audio_file: file('Manual mode: the background alone.'),
  name: z.string().max(200).optional(),
  source_url: z.string().max(2000).optional(),
  source_lang: z.string().min(2).max(20).optional(),
  target_lang: z.string().min(2).max(20).optional(),
  target_accent: z.string().max(100).optional(),
  num_speakers: number.pipe(z.number().int().min(0).max(32)).optional(),
  watermark: flag,
  start_time: number.pipe(z.number().min(0)).optional(),
  end_time: number.pipe(z.number().min(0)).optional(),
  highest_resolution: flag,
  drop_background_audio: flag,
  use_profanity_filter: flag,
  dubbing_studio: flag,
  disable_voice_cloning: flag,
  mode: z.enum(['automatic', 'manual']).optional(),
  csv_fps: number.pipe(z.number().positive().max(240)).optional(),
});
export type DubbingCreateFields = z.infer<typeof dubbingCreateFields>;

/** DoDubbingResponse. */
export const dubbingCreated = z
  .object({ dubbing_id: z.string(), expected_duration_sec: z.number() })
  .meta({ id: 'DoDubbingResponse' });

/** DubbingMetadataResponse, with the spec's progress fields. */
export const dubbingMetadata = z
  .object({
    dubbing_id: z.string(),
    name: z.string(),
    status: z.enum(['dubbing', 'dubbed', 'failed']),
    source_language: z.string().optional(),
    target_languages: z.array(z.string()),
    editable: z.boolean(),
    created_at: z.string(),
    creation_date_unix: z.number().int(),
    media_metadata: z.object({ content_type: z.string(), duration: z.number() }).optional(),
    error: z.string().optional(),
    refunded: z.boolean(),
    expected_duration: z.number(),
    progress: z.number().int().min(0).max(100),
    progress_message: z.string(),
  })
  .meta({ id: 'DubbingMetadataResponse' });
export type DubbingMetadata = z.infer<typeof dubbingMetadata>;

export const dubbingListQuery = z.object({
  cursor: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(200).default(100),
  dubbing_status: z.enum(['dubbing', 'dubbed', 'failed']).optional(),
});

export const dubbingPage = z
  .object({ dubs: z.array(dubbingMetadata), next_cursor: z.string().nullable(), has_more: z.boolean() })
  .meta({ id: 'DubbingMetadataPageResponseModel' });
export type DubbingPage = z.infer<typeof dubbingPage>;

export const dubbingIdParams = z.object({ dubbing_id: z.string().min(1).max(64) });
export const dubbingLanguageParams = dubbingIdParams.extend({ language_code: z.string().min(2).max(20) });
/** `audio_only=true`: the audio track of a video dub as mp3 (the editor's "Download audio"). */
export const dubbingAudioQuery = z.object({ audio_only: z.enum(['true', 'false']).optional() });
export const dubbingTranscriptQuery = z.object({
  format_type: z.enum(['srt', 'webvtt', 'json']).default('srt'),
});
/** The SDK's DubbingTranscript (format `json`): one utterance per segment, at the times its speech landed. */
export const dubbingTranscriptJson = z
  .object({
    language: z.string(),
    utterances: z.array(
      z.object({ text: z.string(), speaker_id: z.string(), start_s: z.number(), end_s: z.number() }),
    ),
  })
  .meta({ id: 'DubbingTranscript' });
export type DubbingTranscriptJson = z.infer<typeof dubbingTranscriptJson>;
export const dubbingDeleted = z.object({ status: z.literal('ok') });

/** The languages a dub can be made in on this server: translator pairs and voices (GET /v1/dubbing/languages). */
export const dubbingLanguages = z
  .object({
    source_languages: z.array(z.object({ key: z.string(), name: z.string() })),
    target_languages: z.array(z.object({ code: z.string(), name: z.string(), speakable: z.boolean() })),
    pairs: z.array(z.object({ source: z.string(), target: z.string(), engine: z.string() })),
    translators: z.array(z.object({ id: z.string(), description: z.string() })),
  })
  .meta({ id: 'DubbingLanguages' });
export type DubbingLanguages = z.infer<typeof dubbingLanguages>;
