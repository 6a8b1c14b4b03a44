/**
 * What a plan card's button does (billing.md §4 "Plan action for a target tier and period", "Button
 * labels", "Actions", "Button disabled when").
 */
import { type BillingPeriod, isPaidTier, tierRank, toTier } from './tiers';

export type PlanAction =
  | 'none'
  | 'renewSubscription'
  | 'cancelSubscription'
  | 'cancelDowngrade'
  | 'create'
  | 'upgrade'
  | 'downgrade';

/** The workspace's subscription as the rules need it. */
export type CurrentPlan = {
  tier: string;
  /** null for free/trial workspaces; read as monthly. */
  billingPeriod: BillingPeriod | null;
  status: string;
  /** "a cancel date is set" (unix seconds or any truthy marker). */
  cancelAt: number | null;
  /** The schedule's downgrade target (metadata type downgrade, downgrade_to), if any. */
  pendingDowngrade: { tier: string; billingPeriod?: BillingPeriod | null } | null;
};

export type PlanTarget = { tier: string; billingPeriod: BillingPeriod };

const periodOf = (p: BillingPeriod | null): BillingPeriod => p ?? 'monthly_period';

/** Whether the target is the workspace's current plan: same tier and (for paid tiers) same period. */
export function isCurrentPlan(current: CurrentPlan, target: PlanTarget): boolean {
  if (toTier(current.tier) !== toTier(target.tier)) return false;
  return !isPaidTier(current.tier) || periodOf(current.billingPeriod) === target.billingPeriod;
}

/**
 * §4, evaluated in this order:
 * 1. cancelDowngrade if a scheduled downgrade to that target already exists.
 * 2. If the target is the current plan: renewSubscription when a cancel date is set; none for free or
 *    trial; otherwise cancelSubscription.
 * 3. create if the current tier is free or trial.
 * 4. downgrade if the target tier is lower, or the same tier-or-lower with the same period, or the move
 *    is annual to monthly.
 * 5. Otherwise upgrade.
 */
export function planAction(current: CurrentPlan, target: PlanTarget): PlanAction {
  const scheduled = current.pendingDowngrade;
  if (
    scheduled &&
    toTier(scheduled.tier) === toTier(target.tier) &&
    (!scheduled.billingPeriod || scheduled.billingPeriod === target.billingPeriod)
  ) {
    return 'cancelDowngrade';
  }
  if (isCurrentPlan(current, target)) {
    if (current.cancelAt) return 'renewSubscription';
    return isPaidTier(current.tier) ? 'cancelSubscription' : 'none';
  }
  if (!isPaidTier(current.tier)) return 'create';
  const from = tierRank(current.tier);
  const to = tierRank(target.tier);
  const currentPeriod = periodOf(current.billingPeriod);
  if (
    to < from ||
    (to <= from && currentPeriod === target.billingPeriod) ||
    (currentPeriod === 'annual_period' && target.billingPeriod === 'monthly_period')
  ) {
    return 'downgrade';
  }
  return 'upgrade';
}

/** §4 "Button labels". */
export const PLAN_ACTION_LABELS: Readonly<Record<PlanAction, string>> = {
  none: 'Subscribed',
  renewSubscription: 'Do Not Cancel',
  cancelSubscription: 'Cancel Subscription',
  cancelDowngrade: 'Cancel Downgrade',
  create: 'Subscribe',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
};

/** §2 "Logged-out default button label is 'Start Today'". */
export const LOGGED_OUT_LABEL = 'Start Today';

/**
 * Tiers whose subscription cannot be cancelled from the plan card. §4 says "cancelSubscription for certain
 * tiers (which tiers: not shown)"; we pick the enterprise tiers (enterprise, trial), which sales manages.
 */
export const NON_CANCELLABLE_TIERS: readonly string[] = ['enterprise', 'trial'];

/**
 * §4 "Button disabled when: none; create when subscription status is incomplete or the tier is not
 * free/trial; upgrade unless status is active; cancelSubscription for certain tiers; an isolated
 * environment with a paid tier."
 */
export function isPlanActionDisabled(
  action: PlanAction,
  current: Pick<CurrentPlan, 'tier' | 'status'>,
  options: { isolatedEnvironment?: boolean } = {},
): boolean {
  if (options.isolatedEnvironment && isPaidTier(current.tier)) return true;
  switch (action) {
    case 'none':
      return true;
    case 'create':
      return current.status === 'incomplete' || isPaidTier(current.tier);
    case 'upgrade':
      return current.status !== 'active';
    case 'cancelSubscription':
      return NON_CANCELLABLE_TIERS.includes(toTier(current.tier));
    default:
      return false;
  }
}

export type PlanActionEffect =
  'signUp' | 'checkout' | 'cancellationFlow' | 'confirmationFlow' | 'renew' | 'cancelDowngrade' | 'nothing';

/** §4 "Actions: create starts checkout; cancel opens the cancellation flow; downgrade and upgrade open a
 * confirmation flow; renew and cancel-downgrade call the billing service; logged-out users go to sign-up." */
export function planActionEffect(action: PlanAction, loggedIn: boolean): PlanActionEffect {
  if (!loggedIn) return 'signUp';
  switch (action) {
    case 'create':
      return 'checkout';
    case 'cancelSubscription':
      return 'cancellationFlow';
    case 'upgrade':
    case 'downgrade':
      return 'confirmationFlow';
    case 'renewSubscription':
      return 'renew';
    case 'cancelDowngrade':
      return 'cancelDowngrade';
    default:
      return 'nothing';
  }
}
