import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

// xi-api-key credentials: only a SHA-256 hash of the key is stored, plus a short preview for lists.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyPreview: text('key_preview').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId)],
);
