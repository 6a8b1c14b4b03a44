import type { BillingPeriod, Currency } from '@vocalis/domain/billing/tiers';
import type { PaymentProviderKind, SubscriptionStatus } from '../db/schema/billing';

/** The card on file, as much as the app may know of it. */
export type CardInfo = { brand: string; last4: string; behaviour?: 'succeeds' | 'declines' | null };

/** A subscription's state as a provider reports it; applying it twice changes nothing. */
export type SubscriptionState = {
  workspaceId: string;
  customerId: string | null;
  subscriptionId: string;
  tier: string;
  period: BillingPeriod;
  currency: Currency;
  status: SubscriptionStatus;
  periodStart: Date;
  periodEnd: Date;
  /** The cancel date (end of period) when the subscription will not renew. */
  cancelAt: Date | null;
  /** A scheduled downgrade (Stripe: a subscription schedule whose metadata type is downgrade). */
  scheduled: { tier: string; period: BillingPeriod; scheduleId: string | null } | null;
};

export type InvoiceState = {
  workspaceId: string;
  providerInvoiceId: string;
  kind: 'subscription' | 'proration' | 'overage';
  status: 'open' | 'paid' | 'void' | 'uncollectible';
  tier: string | null;
  period: BillingPeriod | null;
  currency: Currency;
  subtotalCents: number;
  discountCents: number;
  amountDueCents: number;
  discountPercentOff: number | null;
  discountAmountOffCents: number | null;
  periodStart: Date;
  periodEnd: Date;
  nextPaymentAttemptAt: Date | null;
  paymentIntentStatus: string | null;
};

/**
 * What a provider tells the app. The local provider fires these itself; the Stripe adapter turns
 * verified webhooks (and the objects its API calls return) into the same events. `BillingEvents.apply`
 * is the only code that changes billing state from them.
 */
export type BillingEvent =
  | {
      type: 'checkout.completed';
      /** Our checkout_sessions.id. */
      checkoutSessionId: string;
      customerId: string | null;
      subscription: SubscriptionState | null;
      card: CardInfo | null;
    }
  | { type: 'checkout.failed'; checkoutSessionId: string; message: string }
  | { type: 'subscription.updated'; state: SubscriptionState }
  | { type: 'subscription.deleted'; workspaceId: string; subscriptionId: string }
  | { type: 'invoice.paid' | 'invoice.payment_failed'; invoice: InvoiceState }
  | { type: 'payment_method.updated'; workspaceId: string; card: CardInfo }
  | { type: 'payouts.onboarded'; workspaceId: string; accountId: string };

/** A coupon as the provider applies it. */
export type CouponTerms = {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  durationInMonths: number;
  providerCouponId: string | null;
};

export type CheckoutStart = {
  /** Our checkout_sessions.id (also the Stripe idempotency key). */
  id: string;
  workspaceId: string;
  email: string;
  customerId: string | null;
  tier: string;
  period: BillingPeriod;
  currency: Currency;
  coupon: CouponTerms | null;
  /**
   * The §9 first-month offer ($1 Starter, $11 Creator): cents taken off the first invoice only, when the
   * workspace is eligible and no promo code replaces it; null otherwise.
   */
  firstMonthOffCents: number | null;
  successUrl: string;
  cancelUrl: string;
};

export type SetupStart = {
  id: string;
  workspaceId: string;
  email: string;
  customerId: string | null;
  currency: Currency;
  mode: 'setup' | 'verify';
  successUrl: string;
  cancelUrl: string;
};

/** The workspace's subscription as the provider knows it. */
export type SubscriptionRef = {
  workspaceId: string;
  customerId: string | null;
  subscriptionId: string;
  scheduleId: string | null;
  tier: string;
  period: BillingPeriod;
  currency: Currency;
  periodStart: Date;
  periodEnd: Date;
  cancelAt: Date | null;
};

export type PlanTarget = { tier: string; period: BillingPeriod };

/** A card processor. `local` is embedded (our hosted page and test cards); `stripe` uses the Stripe API. */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** A hosted checkout for a new subscription; the answer's url is where the user enters a card. */
  startCheckout(start: CheckoutStart): Promise<{ url: string; providerSessionId: string }>;
  /** A hosted page that saves a card (update payment method) or checks one (verify-card). */
  startSetup(start: SetupStart): Promise<{ url: string; providerSessionId: string }>;
  /** The customer portal: invoices and the card on file. */
  portal(sub: SubscriptionRef, returnUrl: string): Promise<{ url: string }>;
  /** Moves to a higher plan now, charging the prorated difference. */
  upgrade(sub: SubscriptionRef, target: PlanTarget, idempotencyKey: string): Promise<BillingEvent[]>;
  /** Schedules a lower plan (or free) from the end of the current period. */
  scheduleDowngrade(
    sub: SubscriptionRef,
    target: PlanTarget,
    idempotencyKey: string,
  ): Promise<BillingEvent[]>;
  cancelDowngrade(sub: SubscriptionRef, scheduleId: string | null): Promise<BillingEvent[]>;
  /** Cancel (true) or renew (false) at the end of the current period. */
  setCancelAtPeriodEnd(
    sub: SubscriptionRef,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<BillingEvent[]>;
  applyDiscount(sub: SubscriptionRef, coupon: CouponTerms, idempotencyKey: string): Promise<BillingEvent[]>;
  /** Bills characters used beyond the limit in the period that just ended. */
  chargeOverage(
    sub: SubscriptionRef,
    input: { amountCents: number; characters: number; periodStart: Date; periodEnd: Date },
  ): Promise<BillingEvent[]>;
  /** Payouts onboarding (a connected account); reuses the workspace's account when it has one. */
  connectAccount(input: {
    workspaceId: string;
    email: string;
    accountId: string | null;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string; accountId: string }>;
  connectManagementLink(accountId: string, returnUrl: string): Promise<{ url: string }>;
}
