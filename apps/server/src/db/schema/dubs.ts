import { boolean, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/** One segment of a dub: the source speech's span and text, and its translation per target language. */
export interface DubSegment {
  id: string;
  speaker: number;
  start: number;
  end: number;
  text: string;
  translations: Record<string, string>;
  /** Edited since the last render (its dubbed audio is out of date). */
  stale?: boolean;
  /**
   * The speech spoken for it per target language (raw 16-bit PCM at the mix rate in file storage) and the
   * key of what it was spoken from (text, slot length, voice: dub-clips.ts); a matching key reuses it.
   */
  clips?: Record<string, { path: string; key: string; tempo: number }>;
}

/** A speaker's voice per target language (engine voice and the fitted rendering, speech/dub/dub-voice.ts). */
export interface DubSpeaker {
  id: number;
  /** A name given in the editor (dubbing.resource.speaker.create/update); `Speaker N` otherwise. */
  name?: string;
  voices: Record<
    string,
    {
      voice: string;
      gender: 'male' | 'female';
      rendering: { prosody: { pitch: number; rate: number; pitchVariation: number }; brightnessDb: number };
    }
  >;
}

/** A finished language: the dubbed media (mp4 for a video source, mp3 for audio) and where segments landed. */
export interface DubOutput {
  path: string;
  /** The render that made it (dubbing.resource.render) and the resource version it rendered. */
  renderId?: string;
  version?: number;
  contentType: string;
  /** Where each segment's speech landed; `id` is the segment's (renders before decision 180 kept the order). */
  placed: { id?: string; start: number; end: number; tempo: number; cut: number }[];
}

/** What the caller asked for besides the languages (the SDK's create fields). */
export interface DubOptions {
  numSpeakers: number;
  startTime: number | null;
  endTime: number | null;
  watermark: boolean;
  highestResolution: boolean;
  dropBackgroundAudio: boolean;
  useProfanityFilter: boolean;
  dubbingStudio: boolean;
  mode: 'automatic' | 'manual';
}

/**
 * A dub (dubbing.*, decisions 140-143): the source media in file storage, its segments, speakers and one
 * output per target language. Status `dubbing` while the job runs, then `dubbed` or `failed` (with the
 * error; the characters are refunded).
 */
export const dubs = pgTable(
  'dubs',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    refunded: boolean('refunded').notNull().default(false),
    /** What was asked (`auto` or a code) and what the dub was made from. */
    requestedSourceLang: text('requested_source_lang').notNull(),
    sourceLang: text('source_lang'),
    targetLangs: text('target_langs').array().notNull(),
    options: jsonb('options').$type<DubOptions>().notNull(),
    /** The source media as sent, its type, whether it has a picture, its full length. */
    sourcePath: text('source_path').notNull(),
    sourceType: text('source_type').notNull(),
    isVideo: boolean('is_video').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    /** Background and foreground supplied with a CSV (manual mode), kept in file storage. */
    extraPaths: jsonb('extra_paths')
      .$type<{ foreground?: string; background?: string }>()
      .notNull()
      .default({}),
    characters: integer('characters').notNull(),
    expectedDuration: real('expected_duration').notNull(),
    progress: integer('progress').notNull().default(0),
    progressMessage: text('progress_message').notNull().default(''),
    segments: jsonb('segments').$type<DubSegment[]>().notNull().default([]),
    speakers: jsonb('speakers').$type<DubSpeaker[]>().notNull().default([]),
    outputs: jsonb('outputs').$type<Record<string, DubOutput>>().notNull().default({}),
    /** Raised by every edit of the dubbing resource (dubbing.resource.*: segments, translations, renders). */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('dubs_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc())],
);
