/**
 * Subscription tiers and their order (billing.md §4): "Tiers: free, starter, creator, pro, growing_business
 * (displayed as Scale), scale_2024_08_10 (displayed as Business), enterprise, trial (trial is treated as
 * enterprise). … Paid means any tier other than free or trial."
 */

/** The plan ids of the catalogue (billing.md §3 plan offer plan_id), cheapest first. */
export const PLAN_IDS = [
  'free',
  'starter',
  'creator',
  'pro',
  'growing_business',
  'scale_2024_08_10',
  'enterprise',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Every tier a workspace can hold: the plan ids plus trial. */
export type Tier = PlanId | 'trial';

/** The plans one buys by card (every plan id but free and enterprise). */
export const SELF_SERVE_PLAN_IDS = [
  'starter',
  'creator',
  'pro',
  'growing_business',
  'scale_2024_08_10',
] as const;
export type SelfServePlanId = (typeof SELF_SERVE_PLAN_IDS)[number];

/** Billing periods as the API names them (§3 subscription.billing_period). */
export type BillingPeriod = 'monthly_period' | 'annual_period';
/** The pricing toggle's choice (§4 "Billing period choice: monthly or yearly"). */
export type PricingPeriod = 'monthly' | 'yearly';
export type Currency = 'usd' | 'eur';

/** Statuses the spec names (§3 status default 'free'; §4 incomplete, past_due, free_disabled). */
export type SubscriptionStatus = 'free' | 'active' | 'incomplete' | 'past_due' | 'free_disabled' | 'canceled';

/** Names the product shows for each tier (§4 "growing_business (displayed as Scale) …"). */
export const TIER_DISPLAY_NAMES: Readonly<Record<Tier, string>> = {
  free: 'Free',
  starter: 'Starter',
  creator: 'Creator',
  pro: 'Pro',
  growing_business: 'Scale',
  scale_2024_08_10: 'Business',
  enterprise: 'Enterprise',
  trial: 'Enterprise',
};

const ALIASES: Readonly<Record<string, PlanId>> = { scale: 'growing_business', business: 'scale_2024_08_10' };

/** A tier id (or a marketing name scale/business) as a Tier; unknown tiers count as free. */
export function toTier(tier: string | null | undefined): Tier {
  if (!tier) return 'free';
  if (tier === 'trial' || (PLAN_IDS as readonly string[]).includes(tier)) return tier as Tier;
  return ALIASES[tier] ?? 'free';
}

/** The catalogue plan a tier is billed and limited as: trial is treated as enterprise. */
export function planIdOf(tier: string | null | undefined): PlanId {
  const t = toTier(tier);
  return t === 'trial' ? 'enterprise' : t;
}

/** Position in the catalogue order (free 0 … enterprise 6, trial as enterprise). */
export const tierRank = (tier: string | null | undefined): number => PLAN_IDS.indexOf(planIdOf(tier));

/** "Paid means any tier other than free or trial." */
export function isPaidTier(tier: string | null | undefined): boolean {
  const t = toTier(tier);
  return t !== 'free' && t !== 'trial';
}

/** "Enterprise and trial unlock enterprise features" / "Enterprise and trial count as unlimited." */
export function isEnterpriseTier(tier: string | null | undefined): boolean {
  const t = toTier(tier);
  return t === 'enterprise' || t === 'trial';
}

/** §4 "past_due and incomplete count as payment problems". */
export const hasPaymentProblem = (status: string | null | undefined): boolean =>
  status === 'past_due' || status === 'incomplete';

/** §4 "free_disabled is also a blocked state" (blocked: a payment problem or free_disabled). */
export const isBlockedStatus = (status: string | null | undefined): boolean =>
  hasPaymentProblem(status) || status === 'free_disabled';

/** §5 "Workspace training opt-out defaults to true for trial and enterprise workspaces." */
export const defaultTrainingOptOut = (tier: string | null | undefined): boolean => isEnterpriseTier(tier);

/** The API period for a toggle choice and back (§4: monthly_period gives monthly, annual_period yearly). */
export const toBillingPeriod = (period: PricingPeriod): BillingPeriod =>
  period === 'yearly' ? 'annual_period' : 'monthly_period';
export const toPricingPeriod = (period: BillingPeriod): PricingPeriod =>
  period === 'annual_period' ? 'yearly' : 'monthly';

/**
 * What a blocked workspace may still do (decision 020). free_disabled generates nothing: every request
 * that spends characters is refused. A payment problem (past_due, incomplete) keeps the paid plan's
 * quota while the card processor retries, but no extension beyond it (§5 needs status active), no
 * upgrade (§4 "upgrade unless status is active") and no new checkout while incomplete.
 */
export const mayGenerate = (status: string | null | undefined): boolean => status !== 'free_disabled';
