import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

// A workspace's monthly character quota (billing.md: free 10,000 a month). The row is created on first
// use; the monthly reset happens lazily inside the statement that reads or debits it (decision 010).
export const workspaceUsage = pgTable('workspace_usage', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  characterCount: integer('character_count').notNull().default(0),
  characterLimit: integer('character_limit').notNull(),
  /** When character_count next goes back to 0 (exposed as next_character_count_reset_unix). */
  nextCharacterCountResetAt: timestamp('next_character_count_reset_at', {
    withTimezone: true,
    precision: 0,
  }).notNull(),
  /** Per-workspace override of the tier's concurrent generations (contracts, operators); null = the tier's. */
  concurrencyLimit: integer('concurrency_limit'),
  /**
   * Generations running now: one per row of generation_reservations, moved in the same statements that
   * add and remove those rows, so the debit can check the concurrency limit on this row alone (decision 027).
   */
  runningGenerations: integer('running_generations').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// One row per running generation (decision 027): the characters debited for it and its concurrency slot,
// owned by the node that runs it. It ends as a usage record (and history item) or is refunded: by its
// node when the generation fails, or by any node once the owner is dead.
export const generationReservations = pgTable(
  'generation_reservations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** server_nodes.id of the process running the generation (no foreign key: a reclaim removes the node). */
    ownerNodeId: text('owner_node_id').notNull(),
    requestId: text('request_id'),
    characters: integer('characters').notNull(),
    /** The usage row's next_character_count_reset_at at the debit: a refund only applies within that period. */
    periodEnd: timestamp('period_end', { withTimezone: true, precision: 0 }).notNull(),
    /** The xi-api-key whose own counter was charged too (refunded with the workspace); null if none. */
    apiKeyId: text('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('generation_reservations_owner_idx').on(t.ownerNodeId),
    index('generation_reservations_workspace_idx').on(t.workspaceId),
  ],
);

// One row per completed generation: what GET /v1/usage/character-stats sums by day, voice, model or key
// (kept apart from history, which is optional per request and deletable by the user).
export const usageRecords = pgTable(
  'usage_records',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: text('api_key_id'),
    voiceId: text('voice_id'),
    modelId: text('model_id'),
    source: text('source').notNull().default('TTS'),
    characters: integer('characters').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('usage_records_workspace_created_idx').on(t.workspaceId, t.createdAt)],
);
