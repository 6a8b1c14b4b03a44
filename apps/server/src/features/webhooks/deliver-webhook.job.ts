import {
  isDelivered,
  isRetryableFailure,
  shouldAutoDisable,
  AUTO_DISABLE_AFTER_FAILURES,
} from '@vocalis/domain/webhook-delivery';
import { defineJob, type JobContext } from '../../jobs/job';
import { MessagesService } from '../messages/messages.service';
import { recipientsWanting } from '../messages/notification-preferences';
import { deliverWebhookJobSpec } from './deliver-webhook.job-spec';
import { sendDelivery } from './webhook-sender';
import * as repo from './webhooks.repo';

/**
 * Sends one delivery (decision 120). A failed attempt counts against the webhook's streak; transient failures
 * (5xx, 429, timeouts) are retried with back-off while the webhook allows retries and attempts remain; after
 * AUTO_DISABLE_AFTER_FAILURES failed attempts in a row the webhook is disabled and its owners are notified.
 */
export const deliverWebhookJob = defineJob({
  ...deliverWebhookJobSpec,
  async perform({ deliveryId }, ctx) {
    const delivery = await repo.findDelivery(ctx.db, deliveryId);
    if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return;
    const webhook = await repo.findWebhookById(ctx.db, delivery.webhookId);
    if (!webhook) return;
    const attempts = delivery.attempts + 1;
    const isTest = delivery.eventType === 'webhook_test';
    if (!isTest && (webhook.isDisabled || webhook.isAutoDisabled)) {
      await repo.recordAttempt(ctx.db, deliveryId, {
        status: 'failed',
        attempts: delivery.attempts,
        responseStatus: null,
        responseBody: null,
        error: 'The webhook was disabled before this delivery was sent.',
      });
      return;
    }
    const out = await sendDelivery(webhook, delivery.body, { allowPrivate: ctx.config.outboundAllowPrivate });
    if (isDelivered(out.status)) {
      await repo.recordAttempt(ctx.db, deliveryId, {
        status: 'delivered',
        attempts,
        responseStatus: out.status,
        responseBody: out.body,
        error: null,
      });
      await repo.resetFailures(ctx.db, webhook.id);
      return;
    }
    const failures = await repo.countFailure(ctx.db, webhook.id, out.status);
    const disabledNow = shouldAutoDisable(failures) && (await repo.autoDisable(ctx.db, webhook.id));
    const retry =
      !disabledNow &&
      webhook.retryEnabled &&
      !out.permanent &&
      isRetryableFailure(out.status) &&
      ctx.attempt < ctx.maxAttempts;
    await repo.recordAttempt(ctx.db, deliveryId, {
      status: retry ? 'retrying' : 'failed',
      attempts,
      responseStatus: out.status,
      responseBody: out.body,
      error: out.error ?? `The receiver answered ${out.status}.`,
    });
    if (disabledNow) await notifyDisabled(ctx, webhook);
    // graphile-worker runs the job again after its back-off.
    if (retry)
      throw new Error(`webhook delivery ${deliveryId} failed (${out.status ?? out.error}); retrying`);
  },
});

async function notifyDisabled(ctx: JobContext, webhook: repo.WebhookRow): Promise<void> {
  const owners = webhook.ownerUserId
    ? [webhook.ownerUserId]
    : await repo.workspaceAdminIds(ctx.db, webhook.workspaceId);
  const to = await recipientsWanting(ctx.db, 'webhook_disabled', owners);
  if (to.length === 0) return;
  await new MessagesService(ctx.db, ctx.bus).notify(to, {
    severity: 'error',
    title: `Webhook "${webhook.name}" was disabled`,
    description:
      `Its last ${AUTO_DISABLE_AFTER_FAILURES} delivery attempts to ${webhook.url} failed. ` +
      'Fix the receiver, send a test event, then enable the webhook again.',
    needsAttention: true,
  });
}
