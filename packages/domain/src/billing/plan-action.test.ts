import { describe, expect, it } from 'vitest';
import {
  type CurrentPlan,
  type PlanAction,
  PLAN_ACTION_LABELS,
  isPlanActionDisabled,
  planAction,
  planActionEffect,
} from './plan-action';
import type { BillingPeriod } from './tiers';

const M: BillingPeriod = 'monthly_period';
const A: BillingPeriod = 'annual_period';
const plan = (
  tier: string,
  billingPeriod: BillingPeriod | null,
  extra: Partial<CurrentPlan> = {},
): CurrentPlan => ({
  tier,
  billingPeriod,
  status: tier === 'free' ? 'free' : 'active',
  cancelAt: null,
  pendingDowngrade: null,
  ...extra,
});

describe('plan action (billing.md §4, evaluated in order)', () => {
  it.each<[string, CurrentPlan, string, BillingPeriod, PlanAction]>([
    // 1. "cancelDowngrade if a scheduled downgrade to that target already exists"
    [
      'scheduled downgrade to the target',
      plan('pro', M, { pendingDowngrade: { tier: 'creator' } }),
      'creator',
      M,
      'cancelDowngrade',
    ],
    [
      'scheduled downgrade wins over the cancel date',
      plan('pro', M, { cancelAt: 1, pendingDowngrade: { tier: 'pro', billingPeriod: M } }),
      'pro',
      M,
      'cancelDowngrade',
    ],
    [
      'scheduled downgrade to another period is not that target',
      plan('pro', A, { pendingDowngrade: { tier: 'creator', billingPeriod: A } }),
      'creator',
      M,
      'downgrade',
    ],
    // 2. "If the target is the current plan: renewSubscription when a cancel date is set; none for free or trial; otherwise cancelSubscription"
    [
      'current plan with a cancel date',
      plan('creator', M, { cancelAt: 1_900_000_000 }),
      'creator',
      M,
      'renewSubscription',
    ],
    ['current free plan', plan('free', null), 'free', M, 'none'],
    ['current trial plan', plan('trial', null, { status: 'active' }), 'trial', M, 'none'],
    ['current paid plan', plan('creator', M), 'creator', M, 'cancelSubscription'],
    ['current annual plan', plan('pro', A), 'pro', A, 'cancelSubscription'],
    // 3. "create if the current tier is free or trial"
    ['free to creator', plan('free', null), 'creator', M, 'create'],
    ['free to yearly starter', plan('free', null), 'starter', A, 'create'],
    ['trial to pro', plan('trial', null), 'pro', M, 'create'],
    // 4. "downgrade if the target tier is lower, or the same tier-or-lower with the same period, or the move is annual to monthly"
    ['pro to creator', plan('pro', M), 'creator', M, 'downgrade'],
    ['yearly pro to yearly creator', plan('pro', A), 'creator', A, 'downgrade'],
    ['paid to free', plan('starter', M), 'free', M, 'downgrade'],
    ['yearly creator to monthly creator', plan('creator', A), 'creator', M, 'downgrade'],
    ['yearly creator to monthly pro (annual to monthly)', plan('creator', A), 'pro', M, 'downgrade'],
    // 5. "Otherwise upgrade."
    ['creator to pro', plan('creator', M), 'pro', M, 'upgrade'],
    ['monthly creator to yearly creator', plan('creator', M), 'creator', A, 'upgrade'],
    ['monthly pro to yearly business', plan('pro', M), 'scale_2024_08_10', A, 'upgrade'],
  ])('%s → %s', (_name, current, tier, period, expected) => {
    expect(planAction(current, { tier, billingPeriod: period })).toBe(expected);
  });

  it('labels: "none=Subscribed, renewSubscription=Do Not Cancel, cancelSubscription=Cancel Subscription, cancelDowngrade=Cancel Downgrade, create=Subscribe, upgrade=Upgrade, downgrade=Downgrade"', () => {
    expect(PLAN_ACTION_LABELS).toEqual({
      none: 'Subscribed',
      renewSubscription: 'Do Not Cancel',
      cancelSubscription: 'Cancel Subscription',
      cancelDowngrade: 'Cancel Downgrade',
      create: 'Subscribe',
      upgrade: 'Upgrade',
      downgrade: 'Downgrade',
    });
  });
});

describe('plan action button disabled (billing.md §4 "Button disabled when")', () => {
  it.each<[PlanAction, string, string, boolean, boolean]>([
    ['none', 'free', 'free', false, true],
    ['create', 'free', 'free', false, false],
    ['create', 'free', 'incomplete', false, true], // "create when subscription status is incomplete"
    ['create', 'trial', 'active', false, false],
    ['create', 'creator', 'active', false, true], // "or the tier is not free/trial"
    ['upgrade', 'creator', 'active', false, false],
    ['upgrade', 'creator', 'past_due', false, true], // "upgrade unless status is active"
    ['upgrade', 'creator', 'incomplete', false, true],
    ['downgrade', 'pro', 'past_due', false, false],
    ['cancelSubscription', 'pro', 'active', false, false],
    ['cancelSubscription', 'enterprise', 'active', false, true], // "for certain tiers" (our pick: enterprise, trial)
    ['renewSubscription', 'pro', 'active', false, false],
    ['cancelDowngrade', 'pro', 'active', false, false],
    ['downgrade', 'pro', 'active', true, true], // "an isolated environment with a paid tier"
    ['create', 'free', 'free', true, false],
  ])('%s on %s (%s), isolated %s → disabled %s', (action, tier, status, isolatedEnvironment, disabled) => {
    expect(isPlanActionDisabled(action, { tier, status }, { isolatedEnvironment })).toBe(disabled);
  });
});

describe('plan action effect (billing.md §4 "Actions")', () => {
  it.each<[PlanAction, boolean, string]>([
    ['create', true, 'checkout'],
    ['cancelSubscription', true, 'cancellationFlow'],
    ['downgrade', true, 'confirmationFlow'],
    ['upgrade', true, 'confirmationFlow'],
    ['renewSubscription', true, 'renew'],
    ['cancelDowngrade', true, 'cancelDowngrade'],
    ['none', true, 'nothing'],
    ['create', false, 'signUp'],
    ['upgrade', false, 'signUp'],
  ])('%s (logged in %s) → %s', (action, loggedIn, effect) => {
    expect(planActionEffect(action, loggedIn)).toBe(effect);
  });
});
