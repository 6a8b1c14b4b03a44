import { describe, expect, it } from 'vitest';
import {
  canChangePaymentMethod,
  formatCurrency,
  freeCardLabel,
  initialCurrency,
  initialPricingPeriod,
  isDisplayedAsCanceled,
  nextPayment,
  nextPaymentText,
  paymentProvider,
  pendingDowngradeTier,
  recommendedOffer,
  showCreatorFirstMonthOffer,
} from './billing-display';
import { PLAN_IDS, type PlanId } from './tiers';

const offers = (popular: PlanId) =>
  PLAN_IDS.map((plan_id) => ({ plan_id, most_popular: plan_id === popular }));

describe('recommended offer (billing.md §4)', () => {
  it.each<[PlanId, string, PlanId | null]>([
    // "the most popular offer if it is an upgrade over the current tier and differs from it"
    ['creator', 'free', 'creator'],
    ['creator', 'starter', 'creator'],
    // "else the next offer after the current one"
    ['creator', 'creator', 'pro'],
    ['creator', 'pro', 'growing_business'],
    ['creator', 'scale_2024_08_10', 'enterprise'],
    ['creator', 'enterprise', null],
    ['creator', 'trial', null],
  ])('most popular %s, current %s → %s', (popular, current, expected) => {
    expect(recommendedOffer(offers(popular), current)?.plan_id ?? null).toBe(expected);
  });
});

describe('payment provider and payment method (billing.md §4)', () => {
  it.each([
    // "card provider if card-provider details exist; else marketplace; else consolidated billing; else none"
    [{ cardProvider: { id: 'cus_1' }, marketplace: { id: 'g' }, consolidatedBilling: true }, 'card'],
    [{ cardProvider: null, marketplace: { id: 'g' }, consolidatedBilling: true }, 'marketplace'],
    [{ cardProvider: null, marketplace: null, consolidatedBilling: { id: 'c' } }, 'consolidated'],
    [{ cardProvider: null, marketplace: null, consolidatedBilling: null }, 'none'],
  ])('%o → %s', (ws, provider) => {
    expect(paymentProvider(ws)).toBe(provider);
  });

  it.each([
    // "only for a non-trial, non-free tier with trust_on_invoice_creation set and the card provider"
    ['creator', true, 'card', true],
    ['creator', false, 'card', false],
    ['creator', true, 'marketplace', false],
    ['free', true, 'card', false],
    ['trial', true, 'card', false],
    ['enterprise', true, 'card', true],
  ] as const)('%s, trust %s, %s → %s', (tier, trustOnInvoiceCreation, provider, can) => {
    expect(canChangePaymentMethod({ tier, trustOnInvoiceCreation, provider })).toBe(can);
  });
});

describe('next payment text (billing.md §4)', () => {
  const base = {
    has_open_invoices: false,
    next_invoice: { next_payment_attempt_unix: 100 },
    billing_period: 'monthly_period' as const,
    next_character_count_reset_unix: 200,
  };
  it.each([
    [
      "'waiting for payment confirmation' if open invoices exist",
      { has_open_invoices: true },
      'waiting for payment confirmation',
    ],
    ['the next payment attempt date if a next invoice exists and the plan is not annual', {}, 'd100'],
    [
      'otherwise the next character reset date (annual)',
      { billing_period: 'annual_period' as const },
      'd200',
    ],
    ['otherwise the next character reset date (no invoice)', { next_invoice: null }, 'd200'],
  ])('%s', (_name, extra, text) => {
    expect(nextPaymentText(nextPayment({ ...base, ...extra }), (unix) => `d${unix}`)).toBe(text);
  });
});

describe('period and currency (billing.md §4, §9)', () => {
  it.each([
    // "initialised from the workspace (monthly_period gives monthly, annual_period gives yearly, default monthly)"
    [null, 'annual_period', 'yearly'],
    [null, 'monthly_period', 'monthly'],
    [null, null, 'monthly'],
    ['monthly', 'annual_period', 'monthly'],
    ['yearly', null, 'yearly'],
    ['garbage', 'annual_period', 'yearly'],
  ])('stored %s, workspace %s → %s', (stored, ws, period) => {
    expect(initialPricingPeriod(stored, ws)).toBe(period);
  });

  it.each([
    // "usd, unless the workspace currency is neither usd nor null, which gives eur"
    [null, 'usd'],
    [undefined, 'usd'],
    ['usd', 'usd'],
    ['USD', 'usd'],
    ['eur', 'eur'],
    ['gbp', 'eur'],
  ])('workspace currency %s → %s', (ws, currency) => {
    expect(initialCurrency(ws)).toBe(currency);
  });

  it.each([
    // "usd with a $ prefix, other currencies with a € suffix"
    [22, 'usd', '$22'],
    [4.17, 'usd', '$4.17'],
    [1_320, 'usd', '$1,320'],
    [4.75, 'eur', '4.75€'],
    [1_256, 'eur', '1,256€'],
    [82.5, 'usd', '$82.50'],
  ])('%d %s → %s', (amount, currency, text) => {
    expect(formatCurrency(amount, currency)).toBe(text);
  });
});

describe('card badges and labels (billing.md §2, §4)', () => {
  it.each([
    // "only for the monthly period, and only when the user is logged out or has never had a paid tier other than starter"
    [{ period: 'monthly', loggedIn: false }, true],
    [{ period: 'yearly', loggedIn: false }, false],
    [{ period: 'monthly', loggedIn: true, currentTier: 'free', previouslySubscribedTiers: [] }, true],
    [
      { period: 'monthly', loggedIn: true, currentTier: 'starter', previouslySubscribedTiers: ['starter'] },
      true,
    ],
    [
      {
        period: 'monthly',
        loggedIn: true,
        currentTier: 'free',
        previouslySubscribedTiers: ['starter', 'pro'],
      },
      false,
    ],
    [{ period: 'monthly', loggedIn: true, currentTier: 'creator', previouslySubscribedTiers: [] }, false],
    [{ period: 'monthly', loggedIn: true, currentTier: 'trial', previouslySubscribedTiers: ['free'] }, true],
  ] as const)('%o → %s', (input, shown) => {
    expect(showCreatorFirstMonthOffer(input)).toBe(shown);
  });

  it('"Displayed as canceled: when the paid tier\'s state resolves to needing renewal (a cancel date is set)"', () => {
    expect(isDisplayedAsCanceled({ tier: 'pro', cancelAt: 1 })).toBe(true);
    expect(isDisplayedAsCanceled({ tier: 'pro', cancelAt: null })).toBe(false);
    expect(isDisplayedAsCanceled({ tier: 'free', cancelAt: 1 })).toBe(false);
  });

  it('"Pending downgrade: the schedule metadata has type downgrade and a target tier"', () => {
    expect(pendingDowngradeTier({ type: 'downgrade', downgrade_to: 'creator' })).toBe('creator');
    expect(pendingDowngradeTier({ type: 'upgrade', downgrade_to: 'creator' })).toBeNull();
    expect(pendingDowngradeTier({ type: 'downgrade' })).toBeNull();
    expect(pendingDowngradeTier(null)).toBeNull();
  });

  it("\"The free card reads 'Get Started Free' or 'Subscribed'\"", () => {
    expect(freeCardLabel('free', true)).toBe('Subscribed');
    expect(freeCardLabel('creator', true)).toBe('Get Started Free');
    expect(freeCardLabel(null, false)).toBe('Get Started Free');
  });
});
