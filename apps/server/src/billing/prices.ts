import { FIRST_MONTH_PRICE, pricePerPeriod } from '@vocalis/domain/billing/plans';
import { showCreatorFirstMonthOffer } from '@vocalis/domain/billing/billing-display';
import {
  type BillingPeriod,
  type Currency,
  isPaidTier,
  planIdOf,
  toPricingPeriod,
} from '@vocalis/domain/billing/tiers';
import type { CouponTerms } from './provider';

const cents = (amount: number) => Math.round(amount * 100);

/** What one period of a plan costs, in cents (the catalogue's monthly price or annual total). */
export function periodPriceCents(tier: string, period: BillingPeriod, currency: Currency): number {
  const price = pricePerPeriod(planIdOf(tier), toPricingPeriod(period), currency);
  if (price === null) throw new Error(`The ${tier} plan has no ${currency} price`);
  return cents(price);
}

/**
 * The first-month offer checkout applies unless `no_default_promocode` is set: Creator's 50 % follows the
 * badge rule of billing.md §2 (monthly, never had a paid tier other than starter); Starter's $1 first month
 * goes to workspaces that never paid for any plan.
 */
export function firstMonthPriceCents(input: {
  tier: string;
  period: BillingPeriod;
  currency: Currency;
  previouslySubscribedTiers: readonly string[];
  currentTier: string;
}): number | null {
  if (input.period !== 'monthly_period') return null;
  const plan = planIdOf(input.tier);
  const offer = FIRST_MONTH_PRICE[plan]?.[input.currency];
  if (offer === undefined || offer === null) return null;
  const had = [...input.previouslySubscribedTiers, input.currentTier];
  const eligible =
    plan === 'creator'
      ? showCreatorFirstMonthOffer({
          period: 'monthly',
          loggedIn: true,
          currentTier: input.currentTier,
          previouslySubscribedTiers: input.previouslySubscribedTiers,
        })
      : had.every((t) => !isPaidTier(t));
  return eligible ? cents(offer) : null;
}

/** Cents a coupon takes off one invoice of `subtotal` cents (never more than the invoice). */
export function couponDiscountCents(
  subtotal: number,
  coupon: Pick<CouponTerms, 'percentOff' | 'amountOffCents'> | null,
): number {
  if (!coupon) return 0;
  if (coupon.amountOffCents) return Math.min(subtotal, coupon.amountOffCents);
  if (coupon.percentOff) return Math.min(subtotal, Math.round((subtotal * coupon.percentOff) / 100));
  return 0;
}

/** Credit for the unused part of a paid period (proration on upgrade), in cents. */
export function unusedCreditCents(paidCents: number, periodStart: Date, periodEnd: Date, now: Date): number {
  const total = periodEnd.getTime() - periodStart.getTime();
  const left = Math.max(0, periodEnd.getTime() - now.getTime());
  return total > 0 ? Math.round((paidCents * left) / total) : 0;
}
