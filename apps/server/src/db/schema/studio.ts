import { bigint, boolean, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

export type Locator = { pronunciation_dictionary_id: string; version_id: string | null };
export type BlockNode = { text: string; voice_id: string | null };
export type StoredAlignment = {
  characters: string[];
  character_start_times_seconds: number[];
  character_end_times_seconds: number[];
};

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const ms = (name: string) => bigint(name, { mode: 'number' });

/** A Studio project (content-and-workspace.md §3, decision 130): book metadata, default voices, order of chapters. */
export const studioProjects = pgTable(
  'studio_projects',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    defaultTitleVoiceId: text('default_title_voice_id').notNull(),
    defaultParagraphVoiceId: text('default_paragraph_voice_id').notNull(),
    defaultModelId: text('default_model_id').notNull(),
    title: text('title'),
    author: text('author'),
    isbnNumber: text('isbn_number'),
    description: text('description').notNull().default(''),
    genres: jsonb('genres').$type<string[]>().notNull().default([]),
    coverImageUrl: text('cover_image_url').notNull().default(''),
    targetAudience: text('target_audience').notNull().default('all ages'),
    language: text('language'),
    contentType: text('content_type'),
    originalPublicationDate: text('original_publication_date'),
    matureContent: boolean('mature_content').notNull().default(false),
    acxVolumeNormalization: boolean('acx_volume_normalization').notNull().default(false),
    volumeNormalization: boolean('volume_normalization').notNull().default(false),
    fiction: text('fiction'),
    sourceType: text('source_type').notNull().default('blank'),
    qualityPreset: text('quality_preset').notNull().default('standard'),
    applyTextNormalization: text('apply_text_normalization').notNull().default('auto'),
    pronunciationLocators: jsonb('pronunciation_locators').$type<Locator[]>().notNull().default([]),
    continuePlaying: boolean('continue_playing').notNull().default(false),
    chaptersOrder: jsonb('chapters_order').$type<string[]>().notNull().default([]),
    chaptersOrderChangedMs: ms('chapters_order_changed_ms').notNull(),
    state: text('state').notNull().default('default'),
    convertingChapterIds: jsonb('converting_chapter_ids').$type<string[]>().notNull().default([]),
    addedToQueueAt: ts('added_to_queue_at'),
    lastConversionAt: ts('last_conversion_at'),
    latestSnapshotId: text('latest_snapshot_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('studio_projects_workspace_idx').on(t.workspaceId, t.createdAt.desc())],
);

/** A chapter: its blocks' order and its conversion state. */
export const studioChapters = pgTable(
  'studio_chapters',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => studioProjects.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    name: text('name').notNull(),
    blockIdsOrder: jsonb('block_ids_order').$type<string[]>().notNull().default([]),
    blockOrderChangedMs: ms('block_order_changed_ms').notNull(),
    state: text('state').notNull().default('default'),
    conversionProgress: real('conversion_progress'),
    lastConversionAt: ts('last_conversion_at'),
    lastConversionError: text('last_conversion_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('studio_chapters_project_idx').on(t.projectId)],
);

/**
 * A block (a paragraph or a title) with its text nodes, each with an optional voice override; the audio of
 * its last conversion and the fingerprint (text, voices, model, settings) it was made from.
 */
export const studioBlocks = pgTable(
  'studio_blocks',
  {
    id: text('id').primaryKey(),
    chapterId: text('chapter_id')
      .notNull()
      .references(() => studioChapters.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    subType: text('sub_type').notNull().default('p'),
    nodes: jsonb('nodes').$type<BlockNode[]>().notNull(),
    audioPath: text('audio_path'),
    audioFingerprint: text('audio_fingerprint'),
    durationSeconds: real('duration_seconds'),
    alignment: jsonb('alignment').$type<StoredAlignment>(),
    characters: integer('characters').notNull().default(0),
    /** The take whose audio the block uses now (its audio columns are that take's); null before any take. */
    currentTakeId: text('current_take_id'),
  },
  (t) => [index('studio_blocks_chapter_idx').on(t.chapterId)],
);

/**
 * Every generation of a block is kept as a take (decision 175): listed, playable, and one of them chosen as the
 * block's current audio, which conversion then uses while the block's text, voices and settings are unchanged.
 */
export const studioBlockTakes = pgTable(
  'studio_block_takes',
  {
    id: text('id').primaryKey(),
    blockId: text('block_id')
      .notNull()
      .references(() => studioBlocks.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    audioPath: text('audio_path').notNull(),
    fingerprint: text('fingerprint').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    alignment: jsonb('alignment').$type<StoredAlignment>().notNull(),
    characters: integer('characters').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('studio_block_takes_block_idx').on(t.blockId, t.createdAt)],
);

/** A chapter snapshot (chapterId set) or a project snapshot (chapterId null): audio kept after each conversion. */
export const studioSnapshots = pgTable(
  'studio_snapshots',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => studioProjects.id, { onDelete: 'cascade' }),
    chapterId: text('chapter_id'),
    workspaceId: text('workspace_id').notNull(),
    name: text('name').notNull(),
    audioPath: text('audio_path').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    alignment: jsonb('alignment').$type<StoredAlignment>().notNull(),
    /** For a project snapshot: its chapter snapshots in order (the archive holds one mp3 each). */
    chapterSnapshotIds: jsonb('chapter_snapshot_ids').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('studio_snapshots_project_idx').on(t.projectId, t.chapterId, t.createdAt.desc())],
);

export type PronunciationRule =
  | { type: 'alias'; string_to_replace: string; alias: string; case_sensitive?: boolean; word_boundaries?: boolean }
  | { type: 'phoneme'; string_to_replace: string; phoneme: string; alphabet: 'ipa' | 'cmu-arpabet'; case_sensitive?: boolean; word_boundaries?: boolean };

/** A pronunciation dictionary (pronunciationDictionaries.*, decision 133); its rules live in versions. */
export const pronunciationDictionaries = pgTable(
  'pronunciation_dictionaries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    latestVersionId: text('latest_version_id').notNull(),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('pronunciation_dictionaries_workspace_idx').on(t.workspaceId, t.createdAt.desc())],
);

/** Every change to a dictionary's rules makes a new version; old versions stay addressable by locators. */
export const pronunciationDictionaryVersions = pgTable('pronunciation_dictionary_versions', {
  id: text('id').primaryKey(),
  dictionaryId: text('dictionary_id')
    .notNull()
    .references(() => pronunciationDictionaries.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id').notNull(),
  rules: jsonb('rules').$type<PronunciationRule[]>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
