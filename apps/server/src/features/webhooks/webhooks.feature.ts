import { defineFeature } from '../feature';
import { deliverWebhookJob } from './deliver-webhook.job';
import { webhooksRoutes } from './webhooks.routes';
import { WebhooksService } from './webhooks.service';

/**
 * Workspace and user webhooks (decisions 120-121): signed deliveries in ElevenLabs' format, retried with
 * back-off by a job, a delivery log, automatic disable with a notice; features emit events through
 * webhook-events.ts.
 */
export const webhooksFeature = defineFeature({
  name: 'webhooks',
  jobs: [deliverWebhookJob],
  async register(app, { db, config }) {
    const service = new WebhooksService(db, { allowPrivate: config.outboundAllowPrivate });
    await app.register(webhooksRoutes(service));
    return { service };
  },
});
