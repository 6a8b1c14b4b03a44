import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

// The spec's message/notification entity, one row per recipient.
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    severity: text('severity', { enum: ['info', 'success', 'warning', 'error'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    needsAttention: boolean('needs_attention').notNull().default(false),
    hasBeenRead: boolean('has_been_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('messages_user_created_idx').on(t.userId, t.createdAt)],
);
