import { index, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/**
 * One voice isolation (audioIsolation.convert / stream, decision 097): the uploaded file and the isolated audio in
 * file storage, listed by GET /v1/audio-isolation/history until deleted.
 */
export const audioIsolations = pgTable(
  'audio_isolations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uploaded file's name. */
    title: text('title').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    characters: integer('characters').notNull(),
    /** Keys in file storage: the upload as sent, and the isolated audio (mp3). */
    originalPath: text('original_path').notNull(),
    originalType: text('original_type').notNull(),
    audioPath: text('audio_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('audio_isolations_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc())],
);
