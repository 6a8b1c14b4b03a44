import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'incomplete',
  'past_due',
  'free',
  'free_disabled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

// billing.md §3 "Workspace (billing fields)": one row per workspace once it has touched billing. The tier
// itself stays in workspaces.subscription_tier (what quota and concurrency read); the character limit and
// count stay in workspace_usage. Both are written in the same transaction as this row (decision 015).
export const workspaceSubscriptions = pgTable(
  'workspace_subscriptions',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    billingPeriod: text('billing_period', { enum: ['monthly_period', 'annual_period'] })
      .notNull()
      .default('monthly_period'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('free'),
    currency: text('currency', { enum: ['usd', 'eur'] }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** Stripe's subscription schedule that carries a downgrade (metadata type=downgrade). */
    providerScheduleId: text('provider_schedule_id'),
    currentPeriodStart: ts('current_period_start'),
    currentPeriodEnd: ts('current_period_end'),
    /** The cancel date: the paid tier ends at this moment unless renewed. */
    cancelAt: ts('cancel_at'),
    scheduledChangeType: text('scheduled_change_type', { enum: ['downgrade'] }),
    scheduledTier: text('scheduled_tier'),
    scheduledPeriod: text('scheduled_period', { enum: ['monthly_period', 'annual_period'] }),
    previouslySubscribedTiers: jsonb('previously_subscribed_tiers').$type<string[]>().notNull().default([]),
    trustOnInvoiceCreation: boolean('trust_on_invoice_creation').notNull().default(false),
    /** The card on file (local provider; Stripe's is mirrored from its events). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Test-card behaviour of the local provider's card on renewals ("succeeds", "declines"). */
    cardBehaviour: text('card_behaviour'),
    cardVerifiedAt: ts('card_verified_at'),
    /** A coupon applied to the subscription: percent or amount off for a number of invoices. */
    discountCode: text('discount_code'),
    discountPercentOff: real('discount_percent_off'),
    discountAmountOffCents: integer('discount_amount_off_cents'),
    discountInvoicesLeft: integer('discount_invoices_left'),
    payoutsAccountId: text('payouts_account_id'),
    payoutsOnboardedAt: ts('payouts_onboarded_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('workspace_subscriptions_period_end_idx').on(t.currentPeriodEnd)],
);

export const INVOICE_KINDS = ['subscription', 'proration', 'overage'] as const;
export const INVOICE_STATUSES = ['open', 'paid', 'void', 'uncollectible'] as const;

// Invoices the workspace was charged (local provider) or that Stripe reported (mirrored from webhooks).
// (workspace, kind, period_start) is unique so a renewal or overage job that runs twice invoices once.
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    tier: text('tier'),
    billingPeriod: text('billing_period', { enum: ['monthly_period', 'annual_period'] }),
    currency: text('currency', { enum: ['usd', 'eur'] }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    amountDueCents: integer('amount_due_cents').notNull(),
    discountPercentOff: real('discount_percent_off'),
    discountAmountOffCents: integer('discount_amount_off_cents'),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    nextPaymentAttemptAt: ts('next_payment_attempt_at'),
    paymentIntentStatus: text('payment_intent_status'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('invoices_workspace_kind_period_idx').on(t.workspaceId, t.kind, t.periodStart),
    uniqueIndex('invoices_provider_invoice_idx').on(t.provider, t.providerInvoiceId),
    index('invoices_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);

// billing.md §3 "Promo coupon (stored)": promocode, amount_off in cents, percent_off, duration_in_months,
// extended. Operators create them; an expired one answers coupon_expired at checkout.
export const promoCoupons = pgTable('promo_coupons', {
  code: text('code').primaryKey(),
  amountOffCents: integer('amount_off_cents'),
  percentOff: real('percent_off'),
  durationInMonths: integer('duration_in_months').notNull().default(1),
  extended: boolean('extended').notNull().default(false),
  currency: text('currency', { enum: ['usd', 'eur'] }),
  expiresAt: ts('expires_at'),
  maxRedemptions: integer('max_redemptions'),
  timesRedeemed: integer('times_redeemed').notNull().default(0),
  /** Stripe's coupon/promotion-code id when the stripe provider mirrors it. */
  providerCouponId: text('provider_coupon_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const CHECKOUT_MODES = ['subscription', 'setup', 'verify', 'connect'] as const;
export const CHECKOUT_STATUSES = ['open', 'requires_action', 'complete', 'expired', 'failed'] as const;

// A hosted page the user was sent to: checkout, card update, card verification or payouts onboarding.
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id'),
    mode: text('mode', { enum: CHECKOUT_MODES }).notNull(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    tier: text('tier'),
    billingPeriod: text('billing_period', { enum: ['monthly_period', 'annual_period'] }),
    currency: text('currency', { enum: ['usd', 'eur'] }),
    promocode: text('promocode'),
    subtotalCents: integer('subtotal_cents'),
    amountDueCents: integer('amount_due_cents'),
    returnPath: text('return_path'),
    url: text('url').notNull(),
    failureMessage: text('failure_message'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [uniqueIndex('checkout_sessions_provider_session_idx').on(t.provider, t.providerSessionId)],
);

// change-subscription's idempotency_key: the first call's answer is kept and repeated.
export const billingIdempotencyKeys = pgTable(
  'billing_idempotency_keys',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    action: text('action').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);

// Provider webhook events already handled (Stripe retries deliveries; each event is applied once).
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
