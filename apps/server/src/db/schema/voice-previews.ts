import { index, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import type { StoredVoiceProfile } from './voices';
import { workspaces } from './workspaces';

/**
 * A voice design preview (textToVoice.createPreviews / design / remix): the profile it was spoken with
 * and its audio in file storage, kept until `expires_at` (docs/decisions/075); textToVoice.create turns
 * one into a voice of category `generated`. Expired rows and their files go in a scheduled job.
 */
export const voicePreviews = pgTable(
  'voice_previews',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    /** The voice a remix started from (null for a design). */
    remixOf: text('remix_of'),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    labels: jsonb('labels').$type<Record<string, string>>().notNull(),
    profile: jsonb('profile').$type<StoredVoiceProfile>().notNull(),
    text: text('text').notNull(),
    audioPath: text('audio_path').notNull(),
    mediaType: text('media_type').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('voice_previews_workspace_idx').on(t.workspaceId, t.createdAt),
    index('voice_previews_expires_idx').on(t.expiresAt),
  ],
);
