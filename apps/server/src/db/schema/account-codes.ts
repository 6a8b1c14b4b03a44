import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Single-use emailed codes (email change and its revert, internal verification, sensitive actions,
 * support-access grants). Only the SHA-256 of the code is stored; `payload` carries what the code
 * acts on (e.g. the new or the old address). A code is spent by setting `used_at`.
 */
export const accountCodes = pgTable(
  'account_codes',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    payload: text('payload').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('account_codes_user_kind_idx').on(t.userId, t.kind)],
);
