import { PLAN_IDS, SELF_SERVE_PLAN_IDS } from '@vocalis/domain/billing/tiers';
import { z } from 'zod';
import { userSubscription } from './user';

/**
 * Billing calls (billing.md §7). The spec lists the paths without a prefix; the server serves them
 * under `/v1/billing/` (decision 015), except `GET /v1/user/subscription` which the spec names.
 */
export const BILLING_PATHS = {
  createCheckoutSession: '/v1/billing/create-checkout-session',
  createUpdatePaymentMethodsSession: '/v1/billing/create-update-payment-methods-session',
  createPortalSession: '/v1/billing/create-portal-session',
  changeSubscription: '/v1/billing/change-subscription',
  cancelDowngrade: '/v1/billing/cancel-downgrade',
  renewSubscription: '/v1/billing/renew-subscription',
  cancelSubscription: '/v1/billing/cancel-subscription',
  applyDiscount: '/v1/billing/apply-discount',
  validatePromocode: '/v1/billing/validate-promocode',
  createConnectAccount: '/v1/billing/create-connect-account',
  createConnectAccountManagementLink: '/v1/billing/create-connect-account-management-link',
  verifyCard: '/v1/billing/verify-card',
  billingInfo: '/v1/billing/info',
  invoices: '/v1/billing/invoices',
  subscription: '/v1/user/subscription',
  characterStats: '/v1/usage/character-stats',
} as const;

/** billing.md §4 tiers (trial is treated as enterprise): the domain's plan ids plus trial, one list. */
export const TIERS = [...PLAN_IDS, 'trial'] as const;
export const tier = z.enum(TIERS);
/** Tiers a checkout or a change can target (enterprise is contact-sales only). */
export const PURCHASABLE_TIERS = SELF_SERVE_PLAN_IDS;
export const purchasableTier = z.enum(PURCHASABLE_TIERS);
/** A change may also go down to free (a downgrade at period end). */
export const changeTargetTier = z.enum(['free', ...PURCHASABLE_TIERS]);

export const BILLING_PERIODS = ['monthly_period', 'annual_period'] as const;
export const billingPeriod = z.enum(BILLING_PERIODS);
export const CURRENCIES = ['usd', 'eur'] as const;
export const billingCurrency = z.enum(CURRENCIES);
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'incomplete',
  'past_due',
  'free',
  'free_disabled',
] as const;

/** Promo codes are short printable tokens. */
const promocode = z.string().trim().min(1).max(100);

export const createCheckoutSessionBody = z.object({
  subscription_type: purchasableTier,
  billing_period: billingPeriod.default('monthly_period'),
  currency: billingCurrency.default('usd'),
  promocode: promocode.nullish(),
  no_default_promocode: z.boolean().default(false),
});
/** Every call that sends the user somewhere (checkout, portal, card update, payouts onboarding). */
export const urlResponse = z.object({ url: z.string() }).meta({ id: 'BillingUrl' });

export const changeSubscriptionBody = z.object({
  subscription_type: changeTargetTier,
  billing_period: billingPeriod,
  /** A repeated key answers the first call's result and changes nothing twice. */
  idempotency_key: z.string().min(1).max(200),
  promocode: promocode.nullish(),
});

export const applyDiscountBody = z.object({
  discount_code: z.enum(['special-offer-30', 'special-offer-50', 'special-offer-70']),
});

export const validatePromocodeBody = z.object({ promocode });
/** billing.md §3 "Promo validation response": amount_off in cents. */
export const validatePromocodeResponse = z
  .object({
    valid: z.boolean(),
    amount_off: z.number().int().nullable(),
    percent_off: z.number().nullable(),
    duration_in_months: z.number().int().nullable(),
  })
  .meta({ id: 'PromocodeValidation' });

export const connectAccountBody = z.object({
  /** Where to come back to inside the app, e.g. `/app/payouts`; must start with a single `/`. */
  relative_redirect_path: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s]*$/, 'must be a path inside the app starting with /')
    .default('/app/subscription'),
});

/** The SDK's InvoiceResponse (amounts in cents; next_payment_attempt_unix -1 when none). */
export const invoiceResponse = z
  .object({
    amount_due_cents: z.number().int(),
    subtotal_cents: z.number().int().nullable(),
    tax_cents: z.number().int().nullable(),
    discount_percent_off: z.number().nullable(),
    discount_amount_off: z.number().nullable(),
    discounts: z.array(
      z.object({ discount_percent_off: z.number().nullable(), discount_amount_off: z.number().nullable() }),
    ),
    next_payment_attempt_unix: z.number().int(),
    payment_intent_status: z.string().nullable(),
    payment_intent_statusses: z.array(z.string()),
  })
  .meta({ id: 'InvoiceResponse' });

/** billing.md §4 "Pending downgrade": the schedule metadata has type downgrade and a target tier. */
export const scheduledChange = z.object({
  type: z.literal('downgrade'),
  downgrade_to: changeTargetTier,
  billing_period: billingPeriod,
  effective_at_unix: z.number().int(),
});

/**
 * GET /v1/user/subscription: every key the SDK's `Subscription` requires, plus the workspace billing
 * fields of billing.md §3 that the subscription page needs (scheduled downgrade, cancel date, …).
 */
export const extendedSubscription = userSubscription
  .extend({
    next_invoice: invoiceResponse.nullable(),
    open_invoices: z.array(invoiceResponse),
    has_open_invoices: z.boolean(),
    pending_change: z
      .union([
        z.object({
          kind: z.literal('change'),
          next_tier: z.string(),
          next_billing_period: billingPeriod,
          timestamp_seconds: z.number().int(),
        }),
        z.object({ kind: z.literal('cancellation'), timestamp_seconds: z.number().int() }),
      ])
      .nullable(),
    // Workspace billing fields (billing.md §3).
    current_period_end_unix: z.number().int().nullable(),
    /** The cancel date: set when the paid tier ends at period end ("Will be canceled"). */
    cancel_at_unix: z.number().int().nullable(),
    scheduled_change: scheduledChange.nullable(),
    previously_subscribed_tiers: z.array(z.string()),
    trust_on_invoice_creation: z.boolean(),
    /** Which card processor holds the subscription; null for none (free, operator-set plans). */
    payment_provider: z.enum(['local', 'stripe']).nullable(),
    payment_method: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    max_seats: z.number().int(),
    concurrency_limit: z.number().int(),
  })
  .meta({ id: 'ExtendedSubscription' });

/** billing.md §3 "Billing info response". */
export const billingInfo = z
  .object({
    character_refresh_period: billingPeriod.nullable(),
    next_invoice: z
      .object({
        next_payment_attempt_unix: z.number().int(),
        amount_due_cents: z.number().int(),
        discount_percent_off: z.number().nullable(),
        discount_amount_off: z.number().nullable(),
      })
      .nullable(),
    billing_period: billingPeriod.nullable(),
    next_character_count_reset_unix: z.number().int().nullable(),
    has_open_invoices: z.boolean(),
  })
  .meta({ id: 'BillingInfo' });

export const invoiceListItem = z.object({
  invoice_id: z.string(),
  kind: z.enum(['subscription', 'proration', 'overage']),
  status: z.enum(['open', 'paid', 'void', 'uncollectible']),
  tier: z.string().nullable(),
  billing_period: billingPeriod.nullable(),
  currency: billingCurrency,
  amount_due_cents: z.number().int(),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  period_start_unix: z.number().int(),
  period_end_unix: z.number().int(),
  created_at_unix: z.number().int(),
  paid_at_unix: z.number().int().nullable(),
});
export const invoiceList = z.object({ invoices: z.array(invoiceListItem) }).meta({ id: 'InvoiceList' });

/** GET /v1/usage/character-stats (ElevenLabs' query; start/end in milliseconds). */
export const BREAKDOWN_TYPES = [
  'none',
  'voice',
  'model',
  'api_keys',
  'user',
  'request_source',
  'product_type',
] as const;
export const characterStatsQuery = z.object({
  start_unix: z.coerce.number().int().min(0),
  end_unix: z.coerce.number().int().min(0),
  include_workspace_metrics: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
  breakdown_type: z.enum(BREAKDOWN_TYPES).default('none'),
  aggregation_interval: z.enum(['hour', 'day', 'week', 'month', 'cumulative']).default('day'),
  aggregation_bucket_size: z.coerce.number().int().min(60).optional(),
  metric: z.enum(['credits', 'tts_characters']).default('credits'),
});
/** The SDK's UsageCharactersResponseModel: one time axis (ms) and one series per breakdown key. */
export const characterStatsResponse = z
  .object({ time: z.array(z.number().int()), usage: z.record(z.string(), z.array(z.number())) })
  .meta({ id: 'UsageCharactersResponse' });

export type CreateCheckoutSessionBody = z.input<typeof createCheckoutSessionBody>;
export type ChangeSubscriptionBody = z.infer<typeof changeSubscriptionBody>;
export type ApplyDiscountBody = z.infer<typeof applyDiscountBody>;
export type ValidatePromocodeResponse = z.infer<typeof validatePromocodeResponse>;
export type UrlResponse = z.infer<typeof urlResponse>;
export type InvoiceResponse = z.infer<typeof invoiceResponse>;
export type ExtendedSubscription = z.infer<typeof extendedSubscription>;
export type BillingInfo = z.infer<typeof billingInfo>;
export type InvoiceListItem = z.infer<typeof invoiceListItem>;
export type CharacterStatsQuery = z.infer<typeof characterStatsQuery>;
export type CharacterStatsResponse = z.infer<typeof characterStatsResponse>;
export type Tier = z.infer<typeof tier>;
export type BillingPeriod = z.infer<typeof billingPeriod>;
export type BillingCurrency = z.infer<typeof billingCurrency>;
