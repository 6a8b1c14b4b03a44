import { z } from 'zod';

const bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #1f2937.');

/** Multipart fields of POST /v1/audio-native (audioNative.create). */
export const createAudioNativeFields = z.looseObject({
  name: z.string().trim().min(1).max(200),
  image: z.string().max(2000).optional(),
  author: z.string().max(500).optional(),
  title: z.string().max(500).optional(),
  small: bool.optional(),
  text_color: color.optional(),
  background_color: color.optional(),
  sessionization: z.coerce.number().int().min(0).max(1440).optional(),
  voice_id: z.string().max(64).optional(),
  model_id: z.string().max(100).optional(),
  file: z
    .unknown()
    .optional()
    .meta({ description: 'The article: txt, md, html, epub, docx or pdf (at most 10 MB).' }),
  url: z
    .string()
    .max(2000)
    .optional()
    .meta({ description: 'Instead of a file: a web page whose article is narrated.' }),
  auto_convert: bool.optional(),
});
export type CreateAudioNativeFields = z.infer<typeof createAudioNativeFields>;

export const audioNativeParams = z.object({ project_id: z.string().min(1).max(64) });

/** Multipart fields of POST /v1/audio-native/{project_id}/content. */
export const audioNativeContentFields = z.looseObject({
  file: z.unknown().optional(),
  auto_convert: bool.optional(),
  auto_publish: bool.optional(),
});

/** POST /v1/audio-native/content: the project whose page is at `url` reads it again. */
export const audioNativeUrlBody = z.object({
  url: z.string().max(2000),
  author: z.string().max(500).optional(),
  title: z.string().max(500).optional(),
});

export const audioNativeCreated = z.object({
  project_id: z.string(),
  converting: z.boolean(),
  html_snippet: z.string(),
});
export const audioNativeEdited = audioNativeCreated.extend({ publishing: z.boolean() });

export const audioNativeSettings = z.object({
  enabled: z.boolean(),
  snapshot_id: z.string().optional(),
  settings: z.object({
    title: z.string(),
    image: z.string(),
    author: z.string(),
    small: z.boolean(),
    text_color: z.string(),
    background_color: z.string(),
    sessionization: z.number(),
    audio_path: z.string().optional(),
    audio_url: z.string().optional(),
    status: z.enum(['processing', 'ready']),
  }),
});

/** One project of GET /v1/audio-native (the app's list page). */
export const audioNativeList = z.object({
  projects: z.array(
    z.object({
      project_id: z.string(),
      name: z.string(),
      title: z.string(),
      status: z.enum(['processing', 'ready']),
      html_snippet: z.string(),
      created_at_unix: z.number(),
    }),
  ),
});
