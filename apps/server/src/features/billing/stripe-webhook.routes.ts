import type { FastifyPluginAsync } from 'fastify';
import type { AppDb } from '../../db/client';
import { badRequest } from '../../errors';
import type { StripePaymentProvider } from '../../billing/stripe-provider';
import type { BillingService } from './billing.service';

/**
 * Stripe's webhook: the raw body is kept for the signature check (JSON parsing would change it);
 * each event id is applied once, so Stripe's retries change nothing twice.
 */
export const stripeWebhookRoutes =
  (stripe: StripePaymentProvider, billing: BillingService, db: AppDb): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    app.post(
      '/v1/billing/stripe-webhook',
      { config: { public: true }, schema: { hide: true } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || typeof request.body !== 'string') {
          throw badRequest('Missing Stripe signature.', 'invalid_signature');
        }
        let parsed: Awaited<ReturnType<StripePaymentProvider['webhook']>>;
        try {
          parsed = await stripe.webhook(request.body, signature);
        } catch (err) {
          request.log.warn({ err }, 'stripe webhook refused');
          throw badRequest('Invalid Stripe signature.', 'invalid_signature');
        }
        await billing.handleWebhook(db, parsed);
        return { received: true };
      },
    );
  };
