import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Every text message the server sends (SmsSender): the outbox transport only stores it (shown at /dev/sms
// and read by tests), a provider transport stores it with the provider's message id or the error.
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    /** outbox | twilio */
    transport: text('transport').notNull(),
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_messages_to_idx').on(t.to, t.createdAt)],
);
