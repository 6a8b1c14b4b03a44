/**
 * Promo codes and discount codes (billing.md §3 "Promo coupon", §4 "Promo flow", §5, §8).
 */
import type { PlanId } from './tiers';

/** §3 "Promo coupon (stored): promocode, amount_off in cents, percent_off, duration_in_months, extended flag." */
export type StoredPromo = {
  promocode: string;
  amount_off: number | null;
  percent_off: number | null;
  duration_in_months: number | null;
  extended: boolean;
};

/** §3 "Promo validation response: valid, amount_off (cents), percent_off, duration_in_months." */
export type PromoValidation = {
  valid: boolean;
  amount_off: number | null;
  percent_off: number | null;
  duration_in_months: number | null;
};

/**
 * §5 "Promo coupon amounts in cents map to plans, each free for the coupon's months: 500 Starter,
 * 2200 Creator, 9900 or 10000 Pro, 33000 Scale, 132000 Business."
 */
export const PROMO_AMOUNT_PLANS: Readonly<Record<number, PlanId>> = {
  500: 'starter',
  2_200: 'creator',
  9_900: 'pro',
  10_000: 'pro',
  33_000: 'growing_business',
  132_000: 'scale_2024_08_10',
};

/** The plan a coupon grants (its amount_off in cents), or null when it grants none. */
export function promoPlan(coupon: { amount_off: number | null } | null | undefined): PlanId | null {
  if (!coupon || coupon.amount_off === null) return null;
  return PROMO_AMOUNT_PLANS[coupon.amount_off] ?? null;
}

/** §5 "Discount codes recognised by name: special-offer-30, special-offer-50, special-offer-70." */
export const DISCOUNT_CODES = {
  'special-offer-30': 30,
  'special-offer-50': 50,
  'special-offer-70': 70,
} as const;
export type DiscountCode = keyof typeof DISCOUNT_CODES;

/** The percent a recognised discount code takes off, or null for any other code. */
export function discountPercent(code: string): number | null {
  return Object.hasOwn(DISCOUNT_CODES, code) ? DISCOUNT_CODES[code as DiscountCode] : null;
}

/** "$5", "$2.50": whole dollars without decimals, otherwise two. */
function dollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/**
 * §8 "Promo success: 'Coupon code applied for checkout!' followed by ' $X off' or ' N% off' and ' each month
 * for N month(s)'." We keep "month(s)" literally, as quoted; the other reading would pluralise
 * ("1 month", "3 months").
 */
export function promoSuccessText(
  p: Pick<PromoValidation, 'amount_off' | 'percent_off' | 'duration_in_months'>,
): string {
  let text = 'Coupon code applied for checkout!';
  if (p.amount_off) text += ` ${dollars(p.amount_off)} off`;
  else if (p.percent_off) text += ` ${p.percent_off}% off`;
  if (p.duration_in_months) text += ` each month for ${p.duration_in_months} month(s)`;
  return text;
}

/** §4 "a saved promo is loaded on start if it is extended and carries a code." */
export const shouldLoadSavedPromo = (saved: Partial<StoredPromo> | null | undefined): boolean =>
  Boolean(saved?.extended && saved.promocode);

export type PromoOutcome =
  { kind: 'stored'; promo: StoredPromo; toast: string } | { kind: 'cleared'; toast: string };

/**
 * §4 "Promo code lifecycle: entered, validated, then stored (valid) or cleared (invalid or error)";
 * §8 toasts: 'Coupon code {code} is invalid', 'Error validating promocode code', the success text.
 * `result` is the server's answer, or 'error' when the call failed.
 */
export function promoAfterValidation(code: string, result: PromoValidation | 'error'): PromoOutcome {
  if (result === 'error') return { kind: 'cleared', toast: PROMO_VALIDATION_ERROR };
  if (!result.valid) return { kind: 'cleared', toast: couponInvalidText(code) };
  const promo: StoredPromo = {
    promocode: code,
    amount_off: result.amount_off,
    percent_off: result.percent_off,
    duration_in_months: result.duration_in_months,
    extended: true,
  };
  return { kind: 'stored', promo, toast: promoSuccessText(result) };
}

/** §8 "Invalid promo code: toast 'Coupon code {code} is invalid'". */
export const couponInvalidText = (code: string): string => `Coupon code ${code} is invalid`;
/** §8 "Promo validation call failure: toast 'Error validating promocode code'". */
export const PROMO_VALIDATION_ERROR = 'Error validating promocode code';
