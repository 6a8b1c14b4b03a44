import { z } from 'zod';
import { DELIVERY_MAX_ATTEMPTS } from '@vocalis/domain/webhook-delivery';
import { jobSpec } from '../../jobs/job';

/** One webhook delivery; graphile-worker's exponential back-off spaces the retries (decision 120). */
export const deliverWebhookJobSpec = jobSpec({
  name: 'webhooks.deliver',
  payload: z.object({ deliveryId: z.string() }),
  maxAttempts: DELIVERY_MAX_ATTEMPTS,
});
