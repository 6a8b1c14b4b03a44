/**
 * How features announce events to webhooks (decision 121): `emitWebhookEvent` in the transaction of the
 * change, so a delivery exists exactly when the change does. Each webhook gets its own delivery row and job.
 * The event types are @vocalis/domain/webhook-events' registry; a new event adds a line there and calls this.
 */
import {
  webhookEvent,
  WEBHOOK_TEST_PAYLOAD_TYPE,
  type WebhookEventType,
} from '@vocalis/domain/webhook-events';
import { currentWorkspaceId, type WorkspaceCaller } from '../../auth/workspace-admin';
import type { AppDb } from '../../db/client';
import { notFound } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { newId } from '../../lib/ids';
import { deliverWebhookJobSpec } from './deliver-webhook.job-spec';
import * as repo from './webhooks.repo';

export type WebhookEventInput = {
  workspaceId: string;
  /** The user the event is about: their own webhooks get it too (null: only the workspace's). */
  userId: string | null;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** A webhook the request named (speech to text's webhook_id): only it gets the event. */
  webhookId?: string;
};

/** The body ElevenLabs sends: `{type, event_timestamp, data}`. */
export function eventBody(payloadType: string, data: Record<string, unknown>, at = new Date()): string {
  return JSON.stringify({ type: payloadType, event_timestamp: Math.floor(at.getTime() / 1000), data });
}

/** Queues one delivery per target webhook; how many were queued. */
export async function emitWebhookEvent(db: AppDb, event: WebhookEventInput): Promise<number> {
  const definition = webhookEvent(event.type);
  if (!definition) throw new Error(`unknown webhook event ${event.type}`);
  const targets = await repo.targetWebhooks(db, {
    workspaceId: event.workspaceId,
    userId: event.userId,
    eventType: event.type,
    ...(event.webhookId && { webhookId: event.webhookId }),
  });
  const body = eventBody(definition.payloadType, event.data);
  await queueDeliveries(
    db,
    targets.map((t) => ({ webhookId: t.id, eventType: event.type, body })),
  );
  return targets.length;
}

/** "Send test event": one delivery to this webhook, whatever it is subscribed to. */
export async function queueTestDelivery(db: AppDb, webhook: repo.WebhookRow): Promise<string> {
  const body = eventBody(WEBHOOK_TEST_PAYLOAD_TYPE, {
    webhook_id: webhook.id,
    message: 'This is a test event from Vocalis.',
  });
  const [id] = await queueDeliveries(db, [
    { webhookId: webhook.id, eventType: WEBHOOK_TEST_PAYLOAD_TYPE, body },
  ]);
  return id!;
}

async function queueDeliveries(
  db: AppDb,
  items: { webhookId: string; eventType: string; body: string }[],
): Promise<string[]> {
  if (items.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await repo.insertDeliveries(
      tx,
      items.map((i) => ({ id: newId(), ...i })),
    );
    for (const row of rows) await enqueue(tx, deliverWebhookJobSpec, { deliveryId: row.id });
    return rows.map((r) => r.id);
  });
}

/**
 * That the caller may name this webhook for an event (speech to text's webhook_id): the workspace's, or
 * their own, in their current workspace; 404 webhook_not_found otherwise.
 */
export async function assertWebhookUsable(db: AppDb, caller: WorkspaceCaller, id: string): Promise<void> {
  const workspaceId = currentWorkspaceId(caller);
  const row = await repo.findWebhookById(db, id);
  if (!row || row.workspaceId !== workspaceId || (row.ownerUserId && row.ownerUserId !== caller.userId)) {
    throw notFound('Webhook not found.', 'webhook_not_found');
  }
}
