import { HISTORY_SOURCES, type HistoryDialogueLine, type historyFeedback } from '@vocalis/contracts/history';
import type { z } from 'zod';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

// The source list and feedback shape are the API's (packages/contracts); the table stores them as they are.
export type HistorySource = (typeof HISTORY_SOURCES)[number];
export type HistoryFeedback = z.infer<typeof historyFeedback>;

// content-and-workspace.md §3 "History item": one logged generation; the audio lives in file storage.
export const historyItems = pgTable(
  'history_items',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    text: text('text').notNull(),
    voiceId: text('voice_id'),
    voiceName: text('voice_name'),
    voiceCategory: text('voice_category'),
    modelId: text('model_id'),
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    source: text('source', { enum: HISTORY_SOURCES }).notNull().default('TTS'),
    characterCountChangeFrom: integer('character_count_change_from').notNull(),
    characterCountChangeTo: integer('character_count_change_to').notNull(),
    contentType: text('content_type').notNull(),
    outputFormat: text('output_format'),
    /** Key in file storage (history/<workspace>/<id>.<ext>). */
    audioPath: text('audio_path').notNull(),
    feedback: jsonb('feedback').$type<HistoryFeedback>(),
    /** Text to dialogue: the lines with their voices; null for single-voice items. */
    dialogue: jsonb('dialogue').$type<HistoryDialogueLine[]>(),
    /** The public id of the item's share link (content-and-workspace.md §7 share-link), made on first request. */
    shareLinkId: text('share_link_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Keyset paging: newest first (or oldest first, scanned backwards) within one workspace.
    index('history_items_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Every voice an item used, once per item: its voice_id, or each voice of a dialogue's lines. The voice
 * filter pages this by keyset (decision 025). Filled by a statement trigger on history_items (see
 * migration 0012), so every insert path keeps it whole; removed with the item.
 */
export const historyItemVoices = pgTable(
  'history_item_voices',
  {
    historyItemId: text('history_item_id')
      .notNull()
      .references(() => historyItems.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    voiceId: text('voice_id').notNull(),
    /** The item's created_at, copied so the index can serve the list's order. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.historyItemId, t.voiceId] }),
    index('history_item_voices_workspace_voice_created_idx').on(
      t.workspaceId,
      t.voiceId,
      t.createdAt.desc(),
      t.historyItemId.desc(),
    ),
  ],
);
