import { describe, expect, it } from 'vitest';
import { addPeriod } from './clock';
import { couponDiscountCents, firstMonthPriceCents, periodPriceCents, unusedCreditCents } from './prices';

describe('billing prices in cents (billing.md §9)', () => {
  it.each([
    ['starter', 'monthly_period', 'usd', 500],
    ['creator', 'monthly_period', 'eur', 2100],
    ['pro', 'annual_period', 'usd', 99_000],
    ['growing_business', 'annual_period', 'eur', 314_000],
    ['scale_2024_08_10', 'monthly_period', 'eur', 125_600],
  ] as const)('%s %s %s costs %i', (tier, period, currency, cents) =>
    expect(periodPriceCents(tier, period, currency)).toBe(cents),
  );

  it.each([
    // Creator: 50 % first month unless a paid tier other than starter was had.
    ['creator', [], 'free', 1100],
    ['creator', ['starter'], 'free', 1100],
    ['creator', ['pro'], 'free', null],
    // Starter: $1 only for workspaces that never paid.
    ['starter', [], 'free', 100],
    ['starter', ['starter'], 'free', null],
    ['pro', [], 'free', null],
  ] as const)('first month of %s after %j', (tier, had, current, cents) =>
    expect(
      firstMonthPriceCents({
        tier,
        period: 'monthly_period',
        currency: 'usd',
        previouslySubscribedTiers: had,
        currentTier: current,
      }),
    ).toBe(cents),
  );

  it('has no first-month offer on annual billing', () => {
    const input = {
      tier: 'creator',
      period: 'annual_period',
      currency: 'usd',
      previouslySubscribedTiers: [],
      currentTier: 'free',
    } as const;
    expect(firstMonthPriceCents(input)).toBeNull();
  });

  it('takes coupons off without going below zero', () => {
    expect(couponDiscountCents(2200, { amountOffCents: 2200, percentOff: null })).toBe(2200);
    expect(couponDiscountCents(500, { amountOffCents: 2200, percentOff: null })).toBe(500);
    expect(couponDiscountCents(2200, { amountOffCents: null, percentOff: 30 })).toBe(660);
    expect(couponDiscountCents(2200, null)).toBe(0);
  });

  it('credits the unused part of a period', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const end = addPeriod(start, 'monthly_period');
    expect(unusedCreditCents(3100, start, end, new Date('2026-01-16T12:00:00Z'))).toBe(1550);
    expect(unusedCreditCents(3100, start, end, end)).toBe(0);
  });
});

describe('billing periods', () => {
  it.each([
    ['2026-01-31T10:00:00Z', 'monthly_period', '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00Z', 'monthly_period', '2028-02-29T10:00:00.000Z'],
    ['2026-03-15T00:00:00Z', 'monthly_period', '2026-04-15T00:00:00.000Z'],
    ['2026-12-20T00:00:00Z', 'monthly_period', '2027-01-20T00:00:00.000Z'],
    ['2028-02-29T00:00:00Z', 'annual_period', '2029-02-28T00:00:00.000Z'],
  ] as const)('a period from %s (%s) ends %s', (start, period, end) =>
    expect(addPeriod(new Date(start), period).toISOString()).toBe(end),
  );
});
