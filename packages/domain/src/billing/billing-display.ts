/**
 * What the subscription and pricing screens show (billing.md §2, §4, §9).
 */
import {
  type BillingPeriod,
  type Currency,
  type PlanId,
  type PricingPeriod,
  isPaidTier,
  tierRank,
  toTier,
} from './tiers';

/**
 * §4 "Recommended offer: the most popular offer if it is an upgrade over the current tier and differs
 * from it; else the next offer after the current one." Offers are in catalogue order; null when there is
 * none after the current tier.
 */
export function recommendedOffer<T extends { plan_id: PlanId; most_popular: boolean }>(
  offers: readonly T[],
  currentTier: string,
): T | null {
  const popular = offers.find((o) => o.most_popular);
  if (
    popular &&
    popular.plan_id !== toTier(currentTier) &&
    tierRank(popular.plan_id) > tierRank(currentTier)
  ) {
    return popular;
  }
  const index = offers.findIndex((o) => o.plan_id === toTier(currentTier));
  if (index >= 0) return offers[index + 1] ?? null;
  return offers.find((o) => tierRank(o.plan_id) > tierRank(currentTier)) ?? null;
}

export type PaymentProvider = 'card' | 'marketplace' | 'consolidated' | 'none';

/** §4 "Payment provider: card provider if card-provider details exist; else marketplace; else consolidated
 * billing; else none." */
export function paymentProvider(ws: {
  cardProvider: unknown;
  marketplace: unknown;
  consolidatedBilling: unknown;
}): PaymentProvider {
  if (ws.cardProvider) return 'card';
  if (ws.marketplace) return 'marketplace';
  if (ws.consolidatedBilling) return 'consolidated';
  return 'none';
}

/** §4 "Payment method can be changed only for a non-trial, non-free tier with trust_on_invoice_creation set
 * and the card provider." */
export function canChangePaymentMethod(ws: {
  tier: string;
  trustOnInvoiceCreation: boolean;
  provider: PaymentProvider;
}): boolean {
  return isPaidTier(ws.tier) && ws.trustOnInvoiceCreation && ws.provider === 'card';
}

export type NextPayment =
  { kind: 'waiting' } | { kind: 'payment'; unix: number } | { kind: 'reset'; unix: number };

/** §4 "Next payment text: 'waiting for payment confirmation' if open invoices exist; the next payment attempt
 * date if a next invoice exists and the plan is not annual; otherwise the next character reset date." */
export function nextPayment(info: {
  has_open_invoices: boolean;
  next_invoice: { next_payment_attempt_unix: number } | null;
  billing_period: BillingPeriod | null;
  next_character_count_reset_unix: number;
}): NextPayment {
  if (info.has_open_invoices) return { kind: 'waiting' };
  if (info.next_invoice && info.billing_period !== 'annual_period') {
    return { kind: 'payment', unix: info.next_invoice.next_payment_attempt_unix };
  }
  return { kind: 'reset', unix: info.next_character_count_reset_unix };
}

export const WAITING_FOR_PAYMENT_TEXT = 'waiting for payment confirmation';

/** The next-payment text, dates formatted by the caller's `formatDate(unixSeconds)`. */
export function nextPaymentText(next: NextPayment, formatDate: (unix: number) => string): string {
  return next.kind === 'waiting' ? WAITING_FOR_PAYMENT_TEXT : formatDate(next.unix);
}

/**
 * §4 "Billing period choice: monthly or yearly, persisted locally, initialised from the workspace
 * (monthly_period gives monthly, annual_period gives yearly, default monthly)." A choice the user stored
 * wins; the other reading would let the workspace's period override it on every visit.
 */
export function initialPricingPeriod(
  stored: string | null | undefined,
  workspacePeriod: string | null | undefined,
): PricingPeriod {
  if (stored === 'monthly' || stored === 'yearly') return stored;
  return workspacePeriod === 'annual_period' ? 'yearly' : 'monthly';
}

/** §4 "Currency: usd, unless the workspace currency is neither usd nor null, which gives eur." */
export function initialCurrency(workspaceCurrency: string | null | undefined): Currency {
  return workspaceCurrency == null || workspaceCurrency.toLowerCase() === 'usd' ? 'usd' : 'eur';
}

/** §9 "currency display: usd with a $ prefix, other currencies with a € suffix". Whole amounts show no
 * decimals ("$22"), others two ("4.75€"); thousands are grouped ("$1,320"). */
export function formatCurrency(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  const text = amount.toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
  return currency.toLowerCase() === 'usd' ? `$${text}` : `${text}€`;
}

/** §4 "Displayed as canceled: when the paid tier's state resolves to needing renewal (a cancel date is set)." */
export const isDisplayedAsCanceled = (sub: { tier: string; cancelAt: number | null }): boolean =>
  isPaidTier(sub.tier) && Boolean(sub.cancelAt);

/** §4 "Pending downgrade: the schedule metadata has type downgrade and a target tier." Returns the target. */
export function pendingDowngradeTier(
  metadata: { type?: string | null; downgrade_to?: string | null } | null | undefined,
): string | null {
  return metadata?.type === 'downgrade' && metadata.downgrade_to ? metadata.downgrade_to : null;
}

/**
 * §2 "A Creator first-month 50% offer badge is shown only for the monthly period, and only when the user is
 * logged out or has never had a paid tier other than starter." The current tier counts as one they had.
 */
export function showCreatorFirstMonthOffer(input: {
  period: PricingPeriod;
  loggedIn: boolean;
  currentTier?: string | null;
  previouslySubscribedTiers?: readonly string[];
}): boolean {
  if (input.period !== 'monthly') return false;
  if (!input.loggedIn) return true;
  const had = [...(input.previouslySubscribedTiers ?? []), input.currentTier ?? 'free'];
  return had.every((t) => !isPaidTier(t) || toTier(t) === 'starter');
}

export const CREATOR_FIRST_MONTH_BADGE = '50% off first month';
/** §2 "Yearly shows '2 months free'." */
export const YEARLY_BADGE = '2 months free';
export const WILL_BE_DOWNGRADED_BADGE = 'Will be downgraded';
export const WILL_BE_CANCELED_BADGE = 'Will be canceled';
/** §2 "The free card reads 'Get Started Free' or 'Subscribed'." */
export const freeCardLabel = (currentTier: string | null | undefined, loggedIn: boolean): string =>
  loggedIn && toTier(currentTier) === 'free' ? 'Subscribed' : 'Get Started Free';
