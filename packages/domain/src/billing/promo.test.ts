import { describe, expect, it } from 'vitest';
import {
  PROMO_VALIDATION_ERROR,
  couponInvalidText,
  discountPercent,
  promoAfterValidation,
  promoPlan,
  promoSuccessText,
  shouldLoadSavedPromo,
} from './promo';

describe('promo coupons (billing.md §5)', () => {
  it.each([
    // "500 Starter, 2200 Creator, 9900 or 10000 Pro, 33000 Scale, 132000 Business"
    [500, 'starter'],
    [2_200, 'creator'],
    [9_900, 'pro'],
    [10_000, 'pro'],
    [33_000, 'growing_business'],
    [132_000, 'scale_2024_08_10'],
    [1_000, null],
    [null, null],
  ])('a coupon of %s cents grants %s', (amount_off, plan) => {
    expect(promoPlan({ amount_off })).toBe(plan);
  });

  it.each([
    // "Discount codes recognised by name: special-offer-30, special-offer-50, special-offer-70"
    ['special-offer-30', 30],
    ['special-offer-50', 50],
    ['special-offer-70', 70],
    ['special-offer-40', null],
    ['SPECIAL-OFFER-30', null],
    ['toString', null],
  ])('discount code %s takes %s%% off', (code, percent) => {
    expect(discountPercent(code)).toBe(percent);
  });
});

describe('promo texts (billing.md §8)', () => {
  it.each([
    // "'Coupon code applied for checkout!' followed by ' $X off' or ' N% off' and ' each month for N month(s)'"
    [
      { amount_off: 2_200, percent_off: null, duration_in_months: 1 },
      'Coupon code applied for checkout! $22 off each month for 1 month(s)',
    ],
    [
      { amount_off: 250, percent_off: null, duration_in_months: 3 },
      'Coupon code applied for checkout! $2.50 off each month for 3 month(s)',
    ],
    [
      { amount_off: null, percent_off: 30, duration_in_months: 12 },
      'Coupon code applied for checkout! 30% off each month for 12 month(s)',
    ],
    [
      { amount_off: null, percent_off: 50, duration_in_months: null },
      'Coupon code applied for checkout! 50% off',
    ],
    [{ amount_off: null, percent_off: null, duration_in_months: null }, 'Coupon code applied for checkout!'],
  ])('%o → %s', (coupon, text) => {
    expect(promoSuccessText(coupon)).toBe(text);
  });

  it('"Invalid promo code: toast \'Coupon code {code} is invalid\'; stored promo cleared"', () => {
    expect(
      promoAfterValidation('NOPE', {
        valid: false,
        amount_off: null,
        percent_off: null,
        duration_in_months: null,
      }),
    ).toEqual({ kind: 'cleared', toast: 'Coupon code NOPE is invalid' });
    expect(couponInvalidText('X1')).toBe('Coupon code X1 is invalid');
  });

  it('"Promo validation call failure: toast \'Error validating promocode code\'; stored promo cleared"', () => {
    expect(promoAfterValidation('CODE', 'error')).toEqual({
      kind: 'cleared',
      toast: 'Error validating promocode code',
    });
    expect(PROMO_VALIDATION_ERROR).toBe('Error validating promocode code');
  });

  it('stores a valid code with its effect, marked extended so it loads on the next start', () => {
    const outcome = promoAfterValidation('CREATOR1', {
      valid: true,
      amount_off: 2_200,
      percent_off: null,
      duration_in_months: 1,
    });
    expect(outcome).toEqual({
      kind: 'stored',
      promo: {
        promocode: 'CREATOR1',
        amount_off: 2_200,
        percent_off: null,
        duration_in_months: 1,
        extended: true,
      },
      toast: 'Coupon code applied for checkout! $22 off each month for 1 month(s)',
    });
  });

  it.each([
    // §4 "a saved promo is loaded on start if it is extended and carries a code"
    [{ promocode: 'A', extended: true }, true],
    [{ promocode: 'A', extended: false }, false],
    [{ promocode: '', extended: true }, false],
    [null, false],
  ])('saved promo %o loads: %s', (saved, loads) => {
    expect(shouldLoadSavedPromo(saved)).toBe(loads);
  });
});
