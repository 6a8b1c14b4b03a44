import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/** The five ElevenLabs voice settings, all present once stored. */
export type StoredVoiceSettings = {
  stability: number;
  similarity_boost: number;
  style: number;
  use_speaker_boost: boolean;
  speed: number;
};

// POST /v1/voices/{id}/settings/edit: a workspace's own settings for a voice (premade ones included);
// other workspaces keep the voice's defaults. No foreign key to voices: premade voices live in code.
export const voiceSettings = pgTable(
  'voice_settings',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    voiceId: text('voice_id').notNull(),
    settings: jsonb('settings').$type<StoredVoiceSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.voiceId] })],
);
