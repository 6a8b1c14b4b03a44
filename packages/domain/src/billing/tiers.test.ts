import { describe, expect, it } from 'vitest';
import {
  TIER_DISPLAY_NAMES,
  defaultTrainingOptOut,
  hasPaymentProblem,
  isBlockedStatus,
  isEnterpriseTier,
  isPaidTier,
  mayGenerate,
  planIdOf,
  tierRank,
  toBillingPeriod,
  toPricingPeriod,
  toTier,
} from './tiers';

describe('tiers (billing.md §4)', () => {
  it.each([
    ['free', false, false, 'Free'],
    ['starter', true, false, 'Starter'],
    ['creator', true, false, 'Creator'],
    ['pro', true, false, 'Pro'],
    ['growing_business', true, false, 'Scale'],
    ['scale_2024_08_10', true, false, 'Business'],
    ['enterprise', true, true, 'Enterprise'],
    ['trial', false, true, 'Enterprise'],
  ] as const)('%s: paid %s, enterprise %s, shown as %s', (tier, paid, enterprise, name) => {
    expect(isPaidTier(tier)).toBe(paid);
    expect(isEnterpriseTier(tier)).toBe(enterprise);
    expect(TIER_DISPLAY_NAMES[tier]).toBe(name);
    expect(defaultTrainingOptOut(tier)).toBe(enterprise);
  });

  it('orders the tiers free < starter < … < enterprise and treats trial as enterprise', () => {
    expect(
      ['free', 'starter', 'creator', 'pro', 'growing_business', 'scale_2024_08_10', 'enterprise'].map(
        tierRank,
      ),
    ).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(planIdOf('trial')).toBe('enterprise');
    expect(toTier('scale')).toBe('growing_business');
    expect(toTier('business')).toBe('scale_2024_08_10');
    expect(toTier('mystery')).toBe('free');
    expect(toTier(null)).toBe('free');
  });

  it('"past_due and incomplete count as payment problems; free_disabled is also a blocked state"', () => {
    expect(['active', 'past_due', 'incomplete', 'free_disabled', 'free'].map(hasPaymentProblem)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(['active', 'past_due', 'incomplete', 'free_disabled', 'free'].map(isBlockedStatus)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });

  it('"monthly_period gives monthly, annual_period gives yearly"', () => {
    expect(toPricingPeriod('annual_period')).toBe('yearly');
    expect(toPricingPeriod('monthly_period')).toBe('monthly');
    expect(toBillingPeriod('yearly')).toBe('annual_period');
  });
});

describe('mayGenerate (decision 020)', () => {
  it.each([
    ['free', true],
    ['active', true],
    ['past_due', true],
    ['incomplete', true],
    ['canceled', true],
    ['free_disabled', false],
  ] as const)('%s: generation allowed %s', (status, allowed) => {
    expect(mayGenerate(status)).toBe(allowed);
  });
});
