import {
  CREATOR_FIRST_MONTH_BADGE,
  WILL_BE_CANCELED_BADGE,
  WILL_BE_DOWNGRADED_BADGE,
  YEARLY_BADGE,
  freeCardLabel,
  isDisplayedAsCanceled,
  showCreatorFirstMonthOffer,
} from '@vocalis/domain/billing/billing-display';
import {
  LOGGED_OUT_LABEL,
  PLAN_ACTION_LABELS,
  type PlanAction,
  type PlanActionEffect,
  isCurrentPlan,
  isPlanActionDisabled,
  planAction,
  planActionEffect,
} from '@vocalis/domain/billing/plan-action';
import { FIRST_MONTH_PRICE, pricePerMonth } from '@vocalis/domain/billing/plans';
import {
  type Currency,
  type PlanId,
  type PricingPeriod,
  isEnterpriseTier,
  toBillingPeriod,
} from '@vocalis/domain/billing/tiers';

import type { Viewer } from './current-plan';

export type PlanCardView = {
  plan: PlanId;
  /** Price per month in the chosen currency and period; null for enterprise (priced by sales). */
  price: number | null;
  /** The Creator/Starter first-month price when its badge shows. */
  firstMonthPrice: number | null;
  badges: string[];
  isCurrent: boolean;
  label: string;
  disabled: boolean;
  action: PlanAction | null;
  effect: PlanActionEffect | 'contactSales';
};

type Choice = { period: PricingPeriod; currency: Currency; isolatedEnvironment?: boolean };

/**
 * One pricing card (billing.md §2 and §4): its price, badges and button. The free card reads 'Get Started
 * Free' or 'Subscribed'; signed-out visitors see 'Start Today' and go to sign-up; enterprise is sold by
 * sales (its card shows 'Contact Sales' unless it is the workspace's plan).
 */
export function planCardView(plan: PlanId, viewer: Viewer, choice: Choice): PlanCardView {
  const price = pricePerMonth(plan, choice.period, choice.currency);
  const offer =
    plan === 'creator' &&
    showCreatorFirstMonthOffer({
      period: choice.period,
      loggedIn: viewer.loggedIn,
      currentTier: viewer.loggedIn ? viewer.plan.tier : null,
      previouslySubscribedTiers: viewer.loggedIn ? viewer.previouslySubscribedTiers : [],
    });
  const badges: string[] = [];
  if (offer) badges.push(CREATOR_FIRST_MONTH_BADGE);
  if (choice.period === 'yearly' && plan !== 'free' && plan !== 'enterprise') badges.push(YEARLY_BADGE);
  const base = {
    plan,
    price,
    badges,
    firstMonthPrice: offer ? (FIRST_MONTH_PRICE.creator?.[choice.currency] ?? null) : null,
  };

  if (!viewer.loggedIn) {
    const label =
      plan === 'free'
        ? freeCardLabel(null, false)
        : plan === 'enterprise'
          ? 'Contact Sales'
          : LOGGED_OUT_LABEL;
    return {
      ...base,
      isCurrent: false,
      label,
      disabled: false,
      action: null,
      effect: plan === 'enterprise' ? 'contactSales' : 'signUp',
    };
  }

  const current = viewer.plan;
  const target = { tier: plan, billingPeriod: toBillingPeriod(choice.period) };
  const isCurrent = plan === 'enterprise' ? isEnterpriseTier(current.tier) : isCurrentPlan(current, target);
  if (isCurrent && isDisplayedAsCanceled(current)) badges.unshift(WILL_BE_CANCELED_BADGE);
  if (isCurrent && current.pendingDowngrade) badges.unshift(WILL_BE_DOWNGRADED_BADGE);

  if (plan === 'enterprise') {
    return {
      ...base,
      isCurrent,
      label: isCurrent ? 'Subscribed' : 'Contact Sales',
      disabled: isCurrent,
      action: null,
      effect: isCurrent ? 'nothing' : 'contactSales',
    };
  }
  // A paid workspace's Free card follows the plan-action rules like any other: Downgrade (at the period
  // end), or Cancel Downgrade once that is scheduled (§4).
  const action = planAction(current, target);
  const label =
    plan === 'free' && action === 'none' ? freeCardLabel(current.tier, true) : PLAN_ACTION_LABELS[action];
  return {
    ...base,
    isCurrent,
    label,
    disabled: isPlanActionDisabled(action, current, { isolatedEnvironment: choice.isolatedEnvironment }),
    action,
    effect: planActionEffect(action, true),
  };
}
