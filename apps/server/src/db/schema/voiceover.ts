import { index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/** One clip on a track: what made it, its audio in file storage, and where and how it plays (decision 220). */
export interface VoiceoverClip {
  id: string;
  kind: 'tts' | 'sts' | 'sfx';
  /** Text spoken (tts) or the sound prompt (sfx); empty for sts. */
  text: string;
  /** The voice (tts, sts); null for sfx. */
  voiceId: string | null;
  /** The uploaded speech converted by sts, in file storage. */
  sourcePath: string | null;
  /** The generated audio (mp3 in file storage) and its length in seconds. */
  audioPath: string;
  audioSeconds: number;
  /** Where it starts on the timeline, and the part of its audio that plays (seconds into the audio). */
  start: number;
  trimStart: number;
  trimEnd: number;
  volume: number;
  /** What generating it last charged (characters for tts/sts, sound-effect seconds for sfx). */
  charged: number;
  /** Its text, voice or prompt changed since it was generated. */
  stale: boolean;
}

export interface VoiceoverTrack {
  id: string;
  name: string;
  volume: number;
  muted: boolean;
  clips: VoiceoverClip[];
}

/**
 * A voiceover studio project (decision 220): a video of the workspace with tracks of generated clips and the
 * last export (the mixed mp4). Tracks and clips live in the row and change together under its lock.
 */
export const voiceoverProjects = pgTable(
  'voiceover_projects',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    videoPath: text('video_path').notNull(),
    videoType: text('video_type').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    /** The volume of the video's own sound in the mix (0-2). */
    videoVolume: real('video_volume').notNull().default(1),
    tracks: jsonb('tracks').$type<VoiceoverTrack[]>().notNull().default([]),
    /** `none`, `exporting`, `exported` or `failed` (with the error). */
    exportStatus: text('export_status').notNull().default('none'),
    exportProgress: integer('export_progress').notNull().default(0),
    exportError: text('export_error'),
    exportPath: text('export_path'),
    /** Raised by every change; an export remembers the version it mixed. */
    version: integer('version').notNull().default(0),
    exportVersion: integer('export_version'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('voiceover_projects_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
  ],
);
