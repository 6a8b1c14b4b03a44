import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { convaiAgents } from './conversational-ai';
import { workspaces } from './workspaces';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * A phone number imported into a workspace (conversationalAi.phoneNumbers.*, decision 225): a Twilio number
 * (account SID and auth token, the token sealed with lib/secret-box.ts) or a SIP trunk (inbound and outbound
 * trunk settings; passwords sealed). Inbound calls go to the assigned agent.
 */
export const convaiPhoneNumbers = pgTable(
  'convai_phone_numbers',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'twilio' | 'sip_trunk'>().notNull(),
    phoneNumber: text('phone_number').notNull(),
    label: text('label').notNull(),
    supportsInbound: boolean('supports_inbound').notNull().default(true),
    supportsOutbound: boolean('supports_outbound').notNull().default(true),
    agentId: text('agent_id').references(() => convaiAgents.id, { onDelete: 'set null' }),
    twilioAccountSid: text('twilio_account_sid'),
    sealedTwilioToken: text('sealed_twilio_token'),
    /** The SDK's inbound / outbound trunk settings without passwords (snake_case, as sent). */
    inboundTrunk: jsonb('inbound_trunk').$type<Record<string, unknown>>(),
    outboundTrunk: jsonb('outbound_trunk').$type<Record<string, unknown>>(),
    sealedInboundPassword: text('sealed_inbound_password'),
    sealedOutboundPassword: text('sealed_outbound_password'),
    createdAt: at('created_at'),
  },
  (t) => [
    uniqueIndex('convai_phone_numbers_workspace_number_idx').on(t.workspaceId, t.phoneNumber),
    index('convai_phone_numbers_number_idx').on(t.phoneNumber),
  ],
);

/** A batch of outbound calls (conversationalAi.batchCalls.*, decision 228). */
export const convaiBatchCalls = pgTable(
  'convai_batch_calls',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    agentId: text('agent_id').notNull(),
    agentName: text('agent_name').notNull(),
    phoneNumberId: text('phone_number_id').references(() => convaiPhoneNumbers.id, { onDelete: 'set null' }),
    provider: text('provider').$type<'twilio' | 'sip_trunk'>().notNull(),
    /** pending, in_progress, completed, failed or cancelled. */
    status: text('status').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, precision: 3 }).notNull(),
    timezone: text('timezone'),
    targetConcurrencyLimit: integer('target_concurrency_limit'),
    telephonyCallConfig: jsonb('telephony_call_config')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    retryCount: integer('retry_count').notNull().default(0),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    index('convai_batch_calls_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** One recipient of a batch and how its call went. */
export const convaiBatchRecipients = pgTable(
  'convai_batch_recipients',
  {
    id: text('id').primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => convaiBatchCalls.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    phoneNumber: text('phone_number').notNull(),
    /** conversation_initiation_client_data (dynamic variables from the CSV's other columns). */
    clientData: jsonb('client_data').$type<Record<string, unknown>>().notNull().default({}),
    /** pending, initiated, in_progress, completed, failed or cancelled. */
    status: text('status').notNull(),
    conversationId: text('conversation_id'),
    error: text('error'),
    dialedAt: timestamp('dialed_at', { withTimezone: true, precision: 3 }),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [index('convai_batch_recipients_batch_idx').on(t.batchId, t.ordinal)],
);
