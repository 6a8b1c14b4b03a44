import { z } from 'zod';

const id = z.string().min(1).max(64);
const locator = z.object({ pronunciation_dictionary_id: z.string(), version_id: z.string().nullable() });

export const projectParams = z.object({ project_id: id });
export const chapterParams = z.object({ project_id: id, chapter_id: id });
export const projectSnapshotParams = z.object({ project_id: id, project_snapshot_id: id });
export const blockParams = z.object({ project_id: id, chapter_id: id, block_id: id });
export const chapterSnapshotParams = z.object({ project_id: id, chapter_id: id, chapter_snapshot_id: id });

const bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const list = z.preprocess((v) => (v === undefined ? v : Array.isArray(v) ? v : [v]), z.array(z.string().max(200)).max(50));

/** The multipart fields of POST /v1/studio/projects (the SDK sends every field as a form part). */
export const createProjectFields = z.looseObject({
  name: z.string().trim().min(1).max(200),
  default_title_voice_id: z.string().max(64).optional(),
  default_paragraph_voice_id: z.string().max(64).optional(),
  default_model_id: z.string().max(100).optional(),
  from_url: z.string().max(2000).optional(),
  from_document: z.unknown().optional().meta({ description: 'A txt, md, html, epub, docx or pdf file (multipart part, at most 10 MB).' }),
  from_content_json: z.string().max(5_000_000).optional(),
  quality_preset: z.enum(['standard', 'high', 'ultra', 'ultra_lossless']).optional(),
  title: z.string().max(500).optional(),
  author: z.string().max(500).optional(),
  description: z.string().max(5000).optional(),
  genres: list.optional(),
  target_audience: z.enum(['children', 'young adult', 'adult', 'all ages']).optional(),
  language: z.string().max(16).optional(),
  content_type: z.string().max(100).optional(),
  original_publication_date: z.string().max(40).optional(),
  mature_content: bool.optional(),
  isbn_number: z.string().max(40).optional(),
  acx_volume_normalization: bool.optional(),
  volume_normalization: bool.optional(),
  pronunciation_dictionary_locators: list.optional(),
  fiction: z.enum(['fiction', 'non-fiction']).optional(),
  apply_text_normalization: z.enum(['auto', 'on', 'off', 'apply_english']).optional(),
  auto_convert: bool.optional(),
  source_type: z.enum(['blank', 'book', 'article', 'genfm', 'video', 'screenplay']).optional(),
  /** Text pasted in the app (not in the SDK): split into chapters and paragraphs like a .txt file. */
  from_text: z.string().max(5_000_000).optional(),
});
export type CreateProjectFields = z.infer<typeof createProjectFields>;

export const updateProjectBody = z.object({
  name: z.string().trim().min(1).max(200),
  default_title_voice_id: z.string().min(1).max(64),
  default_paragraph_voice_id: z.string().min(1).max(64),
  title: z.string().max(500).nullish(),
  author: z.string().max(500).nullish(),
  isbn_number: z.string().max(40).nullish(),
  volume_normalization: z.boolean().nullish(),
  // Not in the SDK's update body; the app's editor sends them.
  description: z.string().max(5000).optional(),
  genres: z.array(z.string().max(200)).max(50).optional(),
  target_audience: z.enum(['children', 'young adult', 'adult', 'all ages']).optional(),
  language: z.string().max(16).nullish(),
  quality_preset: z.enum(['standard', 'high', 'ultra', 'ultra_lossless']).optional(),
  mature_content: z.boolean().optional(),
  acx_volume_normalization: z.boolean().optional(),
  default_model_id: z.string().max(100).optional(),
  chapters_order: z.array(id).max(10_000).optional(),
  project_settings: z.object({ continue_playing: z.boolean() }).optional(),
});
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;

export const contentFields = z.looseObject({
  from_url: z.string().max(2000).optional(),
  from_document: z.unknown().optional(),
  from_content_json: z.string().max(5_000_000).optional(),
  auto_convert: bool.optional(),
});

const node = z.object({ type: z.literal('tts_node'), text: z.string().max(5000), voice_id: z.string().max(64) });
export const blockInput = z.object({
  sub_type: z.enum(['p', 'h1', 'h2', 'h3']).nullish(),
  nodes: z.array(node).min(1).max(50),
  block_id: z.string().max(64).nullish(),
});
export const chapterContentInput = z.object({ blocks: z.array(blockInput).max(5000) });
export type ChapterContentInput = z.infer<typeof chapterContentInput>;

export const createChapterBody = z.object({ name: z.string().trim().min(1).max(200), from_url: z.string().max(2000).nullish() });
export const updateChapterBody = z.object({
  name: z.string().trim().min(1).max(200).nullish(),
  content: chapterContentInput.nullish(),
});

export const streamBody = z.object({ convert_to_mpeg: z.boolean().nullish() }).nullish();

const statistics = z.object({
  characters_unconverted: z.number(),
  characters_converted: z.number(),
  paragraphs_converted: z.number(),
  paragraphs_unconverted: z.number(),
});

export const chapterResponse = z
  .looseObject({
    chapter_id: z.string(),
    name: z.string(),
    last_conversion_date_unix: z.number().nullable(),
    conversion_progress: z.number().nullable(),
    can_be_downloaded: z.boolean(),
    state: z.enum(['default', 'converting']),
    block_ids_order: z.array(z.string()),
    last_block_ids_order_change_unix_ms: z.number(),
    voice_ids: z.array(z.string()),
    statistics,
    last_conversion_error: z.string().nullable(),
  })
  .meta({ id: 'StudioChapter' });

export const blockResponse = z.object({
  block_id: z.string(),
  sub_type: z.enum(['p', 'h1', 'h2', 'h3']),
  nodes: z.array(
    z.object({ type: z.literal('tts_node'), text: z.string(), voice_id: z.string().nullable(), project_voice_ref_id: z.string() }),
  ),
  converted: z.boolean(),
  duration_seconds: z.number().nullable(),
});
export const chapterWithContent = chapterResponse.extend({ content: z.object({ blocks: z.array(blockResponse) }) }).meta({ id: 'StudioChapterWithContent' });

export const projectResponse = z
  .looseObject({
    project_id: z.string(),
    name: z.string(),
    create_date_unix: z.number(),
    created_by_user_id: z.string().nullable(),
    default_title_voice_id: z.string(),
    default_paragraph_voice_id: z.string(),
    default_title_voice_ref_id: z.string(),
    default_paragraph_voice_ref_id: z.string(),
    default_model_id: z.string(),
    last_conversion_date_unix: z.number().nullable(),
    can_be_downloaded: z.boolean(),
    chapters_order: z.array(z.string()),
    last_chapters_order_change_unix_ms: z.number(),
    state: z.enum(['creating', 'default', 'converting', 'in_queue']),
    project_conversion_chapter_ids_converting: z.array(z.string()),
    generation_meta: z.object({ conversion_progress: z.number().nullable() }),
    latest_snapshot_id: z.string().nullable(),
    project_settings: z.object({ continue_playing: z.boolean() }),
    audio_native: z.null(),
    title: z.string().nullable(),
    author: z.string().nullable(),
    isbn_number: z.string().nullable(),
    description: z.string(),
    genres: z.array(z.string()),
    cover_image_url: z.string(),
    target_audience: z.enum(['children', 'young adult', 'adult', 'all ages']),
    language: z.string().nullable(),
    content_type: z.string().nullable(),
    original_publication_date: z.string().nullable(),
    mature_content: z.boolean(),
    acx_volume_normalization: z.boolean(),
    volume_normalization: z.boolean(),
    fiction: z.string().nullable(),
    source_type: z.string(),
    pronunciation_dictionaries: z.array(locator),
    quality_preset: z.string(),
    added_to_queue_at_unix: z.number(),
    queue_position: z.number().nullable(),
    access_level: z.literal('admin'),
    quality_check_on: z.boolean(),
    quality_check_on_when_bulk_convert: z.boolean(),
  })
  .meta({ id: 'StudioProject' });
export type ProjectResponse = z.infer<typeof projectResponse>;

export const projectExtended = projectResponse
  .extend({
    chapters: z.array(chapterResponse),
    pronunciation_dictionary_versions: z.array(z.unknown()),
    pronunciation_dictionary_locators: z.array(locator),
    apply_text_normalization: z.string(),
    assets: z.array(z.unknown()),
    voices: z.array(z.unknown()),
  })
  .meta({ id: 'StudioProjectExtended' });

export const projectEnvelope = z.object({ project: projectResponse });
export const projectsList = z.object({ projects: z.array(projectResponse) });
export const chaptersList = z.object({ chapters: z.array(chapterResponse) });
export const chapterEnvelope = z.object({ chapter: chapterWithContent });
export const statusOk = z.object({ status: z.literal('ok') });

const alignment = z.object({
  characters: z.array(z.string()),
  character_start_times_seconds: z.array(z.number()),
  character_end_times_seconds: z.array(z.number()),
});
export const projectSnapshot = z.object({
  project_snapshot_id: z.string(),
  project_id: z.string(),
  created_at_unix: z.number(),
  name: z.string(),
  audio_duration_secs: z.number(),
});
export const projectSnapshotExtended = projectSnapshot.extend({ character_alignments: z.array(alignment) });
export const chapterSnapshot = z.object({
  chapter_snapshot_id: z.string(),
  project_id: z.string(),
  chapter_id: z.string(),
  created_at_unix: z.number(),
  name: z.string(),
  audio_duration_secs: z.number(),
});
export const chapterSnapshotExtended = chapterSnapshot.extend({ character_alignments: z.array(alignment) });
export const projectSnapshots = z.object({ snapshots: z.array(projectSnapshot) });
export const chapterSnapshots = z.object({ snapshots: z.array(chapterSnapshot) });

/** GET /v1/studio/limits (the app's list page): the plan's project limit and what is used. */
export const studioLimits = z.object({
  projects_used: z.number(),
  projects_limit: z.number().nullable(),
  allowed_to_use_projects_api: z.boolean(),
});

export const projectDictionariesBody = z.object({
  pronunciation_dictionary_locators: z
    .array(z.object({ pronunciation_dictionary_id: z.string().min(1).max(64), version_id: z.string().max(64).nullish() }))
    .max(3),
  invalidate_affected_text: z.boolean().nullish(),
});
