import type { ExtendedSubscription } from '@vocalis/contracts/billing';
import type { CurrentPlan } from '@vocalis/domain/billing/plan-action';
import type { BillingPeriod } from '@vocalis/domain/billing/tiers';

/** What the plan cards know about the viewer: nothing when signed out, the workspace's plan otherwise. */
export type Viewer =
  | { loggedIn: false }
  | {
      loggedIn: true;
      plan: CurrentPlan;
      previouslySubscribedTiers: readonly string[];
      currency: string | null;
      subscription: ExtendedSubscription;
    };

const asPeriod = (period: string | null): BillingPeriod | null =>
  period === null ? null : period === 'annual_period' ? 'annual_period' : 'monthly_period';

/** The domain's view of a subscription (billing.md §4 cancel date, pending downgrade). */
export function currentPlanOf(sub: ExtendedSubscription): CurrentPlan {
  const scheduled = sub.scheduled_change;
  return {
    tier: sub.tier,
    billingPeriod: asPeriod(sub.billing_period),
    status: sub.status,
    cancelAt: sub.cancel_at_unix,
    pendingDowngrade:
      scheduled?.type === 'downgrade'
        ? { tier: scheduled.downgrade_to, billingPeriod: scheduled.billing_period }
        : null,
  };
}

export function viewerOf(sub: ExtendedSubscription): Viewer {
  return {
    loggedIn: true,
    plan: currentPlanOf(sub),
    previouslySubscribedTiers: sub.previously_subscribed_tiers,
    currency: sub.currency,
    subscription: sub,
  };
}
