import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

export type WebhookOauth2 = {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  scope: string | null;
};

// A workspace's webhooks (owner_user_id null, managed by its admins) and users' own (owner_user_id set).
// The HMAC secret signs every delivery, so it is kept (it is shown to the creator once).
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    authType: text('auth_type', { enum: ['hmac', 'oauth2'] }).notNull(),
    secret: text('secret'),
    oauth2: jsonb('oauth2').$type<WebhookOauth2>(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull().default({}),
    events: text('events').array().notNull().default([]),
    retryEnabled: boolean('retry_enabled').notNull().default(true),
    isDisabled: boolean('is_disabled').notNull().default(false),
    isAutoDisabled: boolean('is_auto_disabled').notNull().default(false),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastFailureStatus: integer('last_failure_status'),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_workspace_idx').on(t.workspaceId), index('webhooks_owner_idx').on(t.ownerUserId)],
);

// One event sent to one webhook: the exact body (re-sent as is on retries) and the last attempt's outcome.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'retrying', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_webhook_created_idx').on(t.webhookId, t.createdAt)],
);
