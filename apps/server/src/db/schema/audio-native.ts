import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { studioProjects } from './studio';
import { workspaces } from './workspaces';

/**
 * An audio-native project (decision 173): a Studio project whose narration is played by an embeddable player.
 * `embed_id` is the unguessable public id the player's iframe and audio are served under.
 */
export const audioNativeProjects = pgTable('audio_native_projects', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => studioProjects.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  embedId: text('embed_id').notNull().unique(),
  title: text('title').notNull(),
  author: text('author').notNull().default(''),
  image: text('image').notNull().default(''),
  small: boolean('small').notNull().default(false),
  textColor: text('text_color').notNull(),
  backgroundColor: text('background_color').notNull(),
  sessionization: integer('sessionization').notNull().default(0),
  sourceUrl: text('source_url'),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
