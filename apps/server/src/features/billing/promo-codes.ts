import type { ValidatePromocodeResponse } from '@vocalis/contracts/billing';
import type { AppDb } from '../../db/client';
import type { CouponTerms } from '../../billing/provider';
import * as repo from './billing.repo';
import * as couponsRepo from './coupons.repo';

/** A promo code's terms; 'expired' past its end or redemptions, null when unknown. */
export async function couponTerms(
  db: AppDb,
  now: Date,
  code: string,
): Promise<CouponTerms | 'expired' | null> {
  const row = await couponsRepo.findCoupon(db, code);
  if (!row) return null;
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.maxRedemptions !== null && row.timesRedeemed >= row.maxRedemptions) return 'expired';
  return {
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    durationInMonths: row.durationInMonths,
    providerCouponId: row.providerCouponId,
  };
}

/** POST validate-promocode: an unknown or expired code is `valid: false`, not an error. */
export async function promocodeValidity(
  db: AppDb,
  now: Date,
  code: string,
): Promise<ValidatePromocodeResponse> {
  const terms = await couponTerms(db, now, code);
  if (!terms || terms === 'expired') {
    return { valid: false, amount_off: null, percent_off: null, duration_in_months: null };
  }
  return {
    valid: true,
    amount_off: terms.amountOffCents,
    percent_off: terms.percentOff,
    duration_in_months: terms.durationInMonths,
  };
}

/** Keeps the discount on the subscription for the next `invoices` invoices. */
export async function storeDiscount(db: AppDb, workspaceId: string, c: CouponTerms, invoices: number) {
  await repo.updateSubscription(db, workspaceId, {
    discountCode: c.code,
    discountPercentOff: c.percentOff,
    discountAmountOffCents: c.amountOffCents,
    discountInvoicesLeft: invoices,
  });
}
