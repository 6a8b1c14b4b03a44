/**
 * Per-plan limits that speech generation enforces (billing.md §9): "Monthly characters … Free 10,000;
 * Starter 30,000; Creator 100,000; Pro 500,000; Scale (growing_business) 2,000,000; Business
 * (scale_2024_08_10) 11,000,000; Enterprise unlimited" and "Concurrency (free, starter, creator, pro,
 * scale, business): 2, 3, 5, 10, 15, 15".
 */

/** Tier ids as the API names them (accounts.md subscription.tier). */
export type PlanTier =
  'free' | 'starter' | 'creator' | 'pro' | 'growing_business' | 'scale_2024_08_10' | 'enterprise';

const TIER_ALIASES: Readonly<Record<string, PlanTier>> = {
  scale: 'growing_business',
  business: 'scale_2024_08_10',
};

/** Characters a month; enterprise is "unlimited", stored as the largest 32-bit count. */
export const MONTHLY_CHARACTERS: Readonly<Record<PlanTier, number>> = {
  free: 10_000,
  starter: 30_000,
  creator: 100_000,
  pro: 500_000,
  growing_business: 2_000_000,
  scale_2024_08_10: 11_000_000,
  enterprise: 2_147_483_647,
};

/** Concurrent generations; enterprise is not listed, so it gets the largest listed value. */
export const CONCURRENT_GENERATIONS: Readonly<Record<PlanTier, number>> = {
  free: 2,
  starter: 3,
  creator: 5,
  pro: 10,
  growing_business: 15,
  scale_2024_08_10: 15,
  enterprise: 15,
};

/** A tier id (or its marketing name scale/business) as a PlanTier; unknown tiers count as free. */
export function planTier(tier: string): PlanTier {
  if (tier in MONTHLY_CHARACTERS) return tier as PlanTier;
  return TIER_ALIASES[tier] ?? 'free';
}

/** The tier's monthly character quota. */
export const monthlyCharacterLimit = (tier: string): number => MONTHLY_CHARACTERS[planTier(tier)];

/** The tier's limit of generations running at once. */
export const concurrencyLimit = (tier: string): number => CONCURRENT_GENERATIONS[planTier(tier)];

/** The quota message: how many characters remain and how many the request needs. */
export function quotaExceededMessage(remaining: number, requested: number): string {
  return `This request exceeds your quota of characters. You have ${Math.max(0, remaining)} characters remaining, while ${requested} characters are required for this request.`;
}
