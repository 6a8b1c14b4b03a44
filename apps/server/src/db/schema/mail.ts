import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Every message the Mailer was asked to send, with its delivery state. With the outbox transport this
// table is the mailbox itself (shown at /dev/mailbox); with SMTP it is the delivery log.
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt)],
);
