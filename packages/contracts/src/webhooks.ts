import { z } from 'zod';
import { visibleName } from './visible-name';

/** ElevenLabs' webhook auth types that Vocalis signs or authorises with (mTLS is not offered). */
export const webhookAuthType = z.enum(['hmac', 'oauth2']);

const name = visibleName(100);
const webhookUrl = z.string().min(1).max(2048);
/** Extra headers sent with each delivery (names and values as given; at most 20). */
const requestHeaders = z
  .record(
    z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9-]+$/, 'A header name is letters, digits and dashes.'),
    z.string().max(1000).optional(),
  )
  .refine((h) => Object.keys(h).length <= 20, 'At most 20 request headers.');
const eventTypes = z.array(z.string().min(1).max(100)).max(50);

/** WebhookHmacSettings: deliveries carry an ElevenLabs-Signature made with the secret we return once. */
export const webhookHmacSettings = z
  .object({
    auth_type: z.literal('hmac'),
    name,
    webhook_url: webhookUrl,
    request_headers: requestHeaders.optional(),
  })
  .strict();

/** OAuth2 client credentials: each delivery carries a bearer token from the receiver's token URL. */
export const webhookOauth2Settings = z
  .object({
    auth_type: z.literal('oauth2'),
    name,
    webhook_url: webhookUrl,
    request_headers: requestHeaders.optional(),
    client_id: z.string().min(1).max(500),
    client_secret: z.string().min(1).max(2000),
    token_url: webhookUrl,
    scope: z.string().max(1000).optional(),
  })
  .strict();

/** POST /v1/workspace/webhooks and /v1/user/webhooks (the SDK's body; `events` and `retry_enabled` are ours). */
export const createWebhookBody = z
  .object({
    settings: z.discriminatedUnion('auth_type', [webhookHmacSettings, webhookOauth2Settings]),
    events: eventTypes.optional(),
    retry_enabled: z.boolean().optional(),
  })
  .strict();

/** WorkspaceCreateWebhookResponseModel: the HMAC secret is in this answer only. */
export const createWebhookResponse = z
  .object({ webhook_id: z.string(), webhook_secret: z.string().optional() })
  .meta({ id: 'CreatedWebhook' });

/** PATCH: the SDK's body (name and is_disabled required; events replace the subscriptions when given). */
export const updateWebhookBody = z
  .object({
    is_disabled: z.boolean(),
    name,
    retry_enabled: z.boolean().optional(),
    request_headers: requestHeaders.optional(),
    events: eventTypes.optional(),
  })
  .strict();

export const webhookParams = z.object({ webhook_id: z.string().min(1).max(64) });
export const listWebhooksQuery = z.object({
  include_usages: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});

/** WorkspaceWebhookResponseModel, plus retry_enabled and the header names (values are not shown again). */
export const webhook = z
  .object({
    name: z.string(),
    webhook_id: z.string(),
    webhook_url: z.string(),
    is_disabled: z.boolean(),
    is_auto_disabled: z.boolean(),
    created_at_unix: z.number().int(),
    auth_type: webhookAuthType,
    usage: z.array(z.object({ usage_type: z.string() })).optional(),
    events: z.array(z.string()),
    most_recent_failure_error_code: z.number().int().optional(),
    most_recent_failure_timestamp: z.number().int().optional(),
    retry_enabled: z.boolean(),
    request_header_names: z.array(z.string()),
  })
  .meta({ id: 'Webhook' });

export const listWebhooksResponse = z.object({ webhooks: z.array(webhook) }).meta({ id: 'WebhookList' });
export const webhookStatusResponse = z.object({ status: z.literal('ok') }).meta({ id: 'WebhookStatus' });

export const webhookDeliveryStatus = z.enum(['pending', 'retrying', 'delivered', 'failed']);

/** One delivery in the log: the last attempt's answer (status code and the start of its body). */
export const webhookDelivery = z
  .object({
    delivery_id: z.string(),
    event_type: z.string(),
    status: webhookDeliveryStatus,
    attempts: z.number().int(),
    response_status_code: z.number().int().nullable(),
    response_body: z.string().nullable(),
    error: z.string().nullable(),
    created_at_unix: z.number().int(),
    completed_at_unix: z.number().int().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const listWebhookDeliveriesResponse = z
  .object({ deliveries: z.array(webhookDelivery) })
  .meta({ id: 'WebhookDeliveryList' });
export const testWebhookResponse = z.object({ delivery_id: z.string() }).meta({ id: 'WebhookTestDelivery' });

export type CreateWebhookBody = z.infer<typeof createWebhookBody>;
export type CreateWebhookResponse = z.infer<typeof createWebhookResponse>;
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;
export type Webhook = z.infer<typeof webhook>;
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;
