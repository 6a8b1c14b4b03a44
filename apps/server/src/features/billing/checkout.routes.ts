import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDb } from '../../db/client';
import type { BillingClock } from '../../billing/clock';
import type { LocalPaymentProvider } from '../../billing/local-provider';
import * as invoicesRepo from './invoices.repo';
import * as checkoutRepo from './checkout-sessions.repo';
import { renderAuthenticationPage, renderCheckoutPage, renderClosedPage } from './checkout.page';

const params = z.object({ id: z.string().min(1).max(64) });
const cardForm = z.object({
  name: z.string().max(200).optional(),
  number: z.string().max(40).default(''),
  expiry: z.string().max(20).default(''),
  cvc: z.string().max(10).default(''),
  legal_name: z.string().max(200).optional(),
  country: z.string().max(100).optional(),
});
const authForm = z.object({ outcome: z.enum(['complete', 'fail']) });

const withQuery = (url: string, q: string) => `${url}${url.includes('?') ? '&' : '?'}${q}`;

/**
 * The local provider's hosted pages (server-rendered so they work without the web app): the card form
 * of checkout, card update and verification, the authentication step, and payouts onboarding.
 */
export const checkoutRoutes =
  (deps: { db: AppDb; local: LocalPaymentProvider; clock: BillingClock }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, local, clock } = deps;
    // Plain HTML forms post urlencoded bodies (only inside this plugin).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    const html = 'text/html; charset=utf-8';

    /** The session, or the page to show instead (unknown, expired, already paid). */
    async function usable(
      id: string,
    ): Promise<{ session: checkoutRepo.CheckoutRow } | { page: string; status: number }> {
      const session = await checkoutRepo.findCheckout(db, id);
      if (!session || session.provider !== 'local') {
        return {
          page: renderClosedPage('Page not found', 'This payment page does not exist.', null),
          status: 404,
        };
      }
      if (session.status === 'complete') {
        return {
          page: renderClosedPage('Already done', 'This payment page has been completed.', session.returnPath),
          status: 410,
        };
      }
      if (session.expiresAt <= clock.now() || session.status === 'expired') {
        return {
          page: renderClosedPage(
            'Page expired',
            'This payment page has expired. Start again from Vocalis.',
            session.returnPath,
          ),
          status: 410,
        };
      }
      return { session };
    }
    const invoicesOf = (s: checkoutRepo.CheckoutRow) =>
      s.mode === 'setup' ? invoicesRepo.listInvoices(db, s.workspaceId, 24) : Promise.resolve([]);
    const done = (s: checkoutRepo.CheckoutRow) =>
      withQuery(
        s.returnPath ?? '/app/subscription',
        s.mode === 'subscription' ? 'checkout=success' : 'card=saved',
      );

    app.get(
      '/billing/checkout/:id',
      { config: { public: true }, schema: { hide: true, params } },
      async (request, reply) => {
        const found = await usable(request.params.id);
        if ('page' in found) return reply.code(found.status).type(html).send(found.page);
        const s = found.session;
        if (s.status === 'requires_action') return reply.type(html).send(renderAuthenticationPage(s));
        return reply
          .type(html)
          .send(renderCheckoutPage(s, await invoicesOf(s), s.failureMessage ?? undefined));
      },
    );

    app.post(
      '/billing/checkout/:id',
      { config: { public: true }, schema: { hide: true, params, body: cardForm } },
      async (request, reply) => {
        const found = await usable(request.params.id);
        if ('page' in found) return reply.code(found.status).type(html).send(found.page);
        const s = found.session;
        if (s.mode === 'connect') {
          if (!request.body.legal_name?.trim()) {
            return reply
              .code(400)
              .type(html)
              .send(renderCheckoutPage(s, [], 'Enter the legal name payouts go to.'));
          }
          await local.pages.completeConnect(s);
          return reply.redirect(withQuery(s.returnPath ?? '/app', 'payouts=ready'), 303);
        }
        const result = await local.pages.submitCard(s.id, request.body);
        if (result.status === 'complete') return reply.redirect(done(s), 303);
        if (result.status === 'requires_action') return reply.type(html).send(renderAuthenticationPage(s));
        return reply
          .code(402)
          .type(html)
          .send(renderCheckoutPage(s, await invoicesOf(s), result.message));
      },
    );

    app.post(
      '/billing/checkout/:id/authenticate',
      { config: { public: true }, schema: { hide: true, params, body: authForm } },
      async (request, reply) => {
        const found = await usable(request.params.id);
        if ('page' in found) return reply.code(found.status).type(html).send(found.page);
        const s = found.session;
        const result = await local.pages.authenticate(s.id, request.body.outcome === 'complete');
        if (result.status === 'complete') return reply.redirect(done(s), 303);
        return reply
          .code(402)
          .type(html)
          .send(renderCheckoutPage(s, await invoicesOf(s), result.message));
      },
    );
  };
