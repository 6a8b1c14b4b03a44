import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** Scopes the key may use (ElevenLabs permission types); null means every scope ("all"). */
    permissions: text('permissions').array(),
    /** Characters the key may spend in total; null means no limit of its own. */
    characterLimit: integer('character_limit'),
    characterCount: integer('character_count').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId)],
);
