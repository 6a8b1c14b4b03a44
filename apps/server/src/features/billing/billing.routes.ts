import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyDiscountBody,
  BILLING_PATHS as P,
  billingInfo,
  changeSubscriptionBody,
  connectAccountBody,
  createCheckoutSessionBody,
  extendedSubscription,
  invoiceList,
  urlResponse,
  validatePromocodeBody,
  validatePromocodeResponse,
} from '@vocalis/contracts/billing';
import type { FastifyRequest } from 'fastify';
import { billingCaller } from './billing.policy';
import type { BillingService } from './billing.service';

const tags = ['billing'];
const empty = z.object({}).passthrough().optional();

/** billing.md §7 calls under /v1/billing (decision 015) and GET /v1/user/subscription. */
export const billingRoutes =
  (service: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    const reader = (request: FastifyRequest) => billingCaller(request, 'user_read');
    const user = (request: FastifyRequest) => billingCaller(request, 'user_write');

    app.get(
      P.subscription,
      { schema: { tags, summary: 'The workspace subscription', response: { 200: extendedSubscription } } },
      (request) => service.subscription(reader(request), request.principal?.workspace),
    );
    app.get(
      P.billingInfo,
      {
        schema: {
          tags,
          summary: 'Billing info: next invoice, period, reset date',
          response: { 200: billingInfo },
        },
      },
      (request) => service.billingInfo(reader(request)),
    );
    app.get(
      P.invoices,
      { schema: { tags, summary: "The workspace's invoices, newest first", response: { 200: invoiceList } } },
      async (request) => ({ invoices: await service.invoices(reader(request)) }),
    );
    app.post(
      P.createCheckoutSession,
      {
        schema: {
          tags,
          summary: 'Start checkout for a plan; answers the hosted payment page url',
          body: createCheckoutSessionBody,
          response: { 200: urlResponse },
        },
      },
      (request) => service.checkout.createCheckout(user(request), request.body),
    );
    app.post(
      P.createUpdatePaymentMethodsSession,
      {
        schema: {
          tags,
          summary: 'A page that replaces the card on file',
          body: empty,
          response: { 200: urlResponse },
        },
      },
      (request) => service.checkout.startSetup(user(request), 'setup'),
    );
    app.post(
      P.verifyCard,
      {
        schema: { tags, summary: 'A page that verifies a card', body: empty, response: { 200: urlResponse } },
      },
      (request) => service.checkout.startSetup(user(request), 'verify'),
    );
    app.post(
      P.createPortalSession,
      {
        schema: {
          tags,
          summary: 'The customer portal (invoices, card)',
          body: empty,
          response: { 200: urlResponse },
        },
      },
      (request) => service.checkout.portal(user(request)),
    );
    app.post(
      P.changeSubscription,
      {
        schema: {
          tags,
          summary: 'Upgrade now or downgrade at period end; idempotent per idempotency_key',
          body: changeSubscriptionBody,
          response: { 200: extendedSubscription },
        },
      },
      (request) => service.plans.change(user(request), request.body),
    );
    const simple = [
      [P.cancelDowngrade, 'cancel-downgrade', 'Cancel a scheduled downgrade'],
      [P.renewSubscription, 'renew', 'Keep a subscription that was set to cancel'],
      [P.cancelSubscription, 'cancel', 'Cancel at the end of the current period'],
    ] as const;
    for (const [path, what, summary] of simple) {
      app.post(
        path,
        { schema: { tags, summary, body: empty, response: { 200: extendedSubscription } } },
        (request) => service.plans.simpleChange(user(request), what),
      );
    }
    app.post(
      P.applyDiscount,
      {
        schema: {
          tags,
          summary: 'Apply special-offer-30/50/70 to the next invoice',
          body: applyDiscountBody,
          response: { 200: extendedSubscription },
        },
      },
      (request) => service.plans.applyDiscount(user(request), request.body),
    );
    app.post(
      P.validatePromocode,
      {
        schema: {
          tags,
          summary: 'Whether a promo code is valid, and what it takes off',
          body: validatePromocodeBody,
          response: { 200: validatePromocodeResponse },
        },
      },
      (request) => {
        reader(request);
        return service.validatePromocode(request.body.promocode);
      },
    );
    app.post(
      P.createConnectAccount,
      {
        schema: {
          tags,
          summary: 'Payouts onboarding page',
          body: connectAccountBody,
          response: { 200: urlResponse },
        },
      },
      (request) => service.checkout.connectAccount(user(request), request.body.relative_redirect_path, false),
    );
    app.post(
      P.createConnectAccountManagementLink,
      {
        schema: {
          tags,
          summary: 'Payouts account management page',
          body: connectAccountBody,
          response: { 200: urlResponse },
        },
      },
      (request) => service.checkout.connectAccount(user(request), request.body.relative_redirect_path, true),
    );
  };
