import type { Webhook, WebhookDelivery } from '@vocalis/contracts/webhooks';
import { webhookEvent } from '@vocalis/domain/webhook-events';
import type { DeliveryRow, WebhookRow } from './webhooks.repo';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** ElevenLabs' usage names for the events that have one. */
const USAGE_TYPES: Record<string, string> = {
  speech_to_text: 'Speech to Text',
  voice_library_removal_notice: 'Voice Library Removal Notices',
};

/** WorkspaceWebhookResponseModel; secrets and header values are never shown again. */
export function presentWebhook(row: WebhookRow, includeUsages = false): Webhook {
  return {
    name: row.name,
    webhook_id: row.id,
    webhook_url: row.url,
    is_disabled: row.isDisabled,
    is_auto_disabled: row.isAutoDisabled,
    created_at_unix: unix(row.createdAt),
    auth_type: row.authType,
    ...(includeUsages && {
      usage: row.events.map((e) => ({ usage_type: USAGE_TYPES[e] ?? webhookEvent(e)?.label ?? e })),
    }),
    events: row.events,
    ...(row.lastFailureStatus !== null && { most_recent_failure_error_code: row.lastFailureStatus }),
    ...(row.lastFailureAt && { most_recent_failure_timestamp: unix(row.lastFailureAt) }),
    retry_enabled: row.retryEnabled,
    request_header_names: Object.keys(row.requestHeaders),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    delivery_id: row.id,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    response_status_code: row.responseStatus,
    response_body: row.responseBody,
    error: row.error,
    created_at_unix: unix(row.createdAt),
    completed_at_unix: row.completedAt ? unix(row.completedAt) : null,
  };
}
