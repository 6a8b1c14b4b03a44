/**
 * Per-plan limits that speech generation enforces, read from the plan catalogue (billing/plans.ts,
 * billing.md §9). Enterprise's "unlimited" characters are stored as the largest 32-bit count so quota
 * arithmetic in the database stays plain integer arithmetic.
 */
import { concurrency, monthlyCharacters, UNLIMITED } from './billing/plans';
import { type PlanId, planIdOf } from './billing/tiers';

/** Tier ids as the API names them (accounts.md subscription.tier); trial is limited as enterprise. */
export type PlanTier = PlanId;

/** The unlimited character count as stored. */
export const UNLIMITED_CHARACTERS = 2_147_483_647;

/** A tier id (or its marketing name scale/business) as a PlanTier; unknown tiers count as free. */
export const planTier = (tier: string): PlanTier => planIdOf(tier);

/** The tier's monthly character quota. */
export function monthlyCharacterLimit(tier: string): number {
  const limit = monthlyCharacters(tier);
  return limit === UNLIMITED ? UNLIMITED_CHARACTERS : limit;
}

/** The tier's limit of generations running at once. */
export const concurrencyLimit = (tier: string): number => concurrency(tier);

/** The quota message: how many characters remain and how many the request needs. */
export function quotaExceededMessage(remaining: number, requested: number): string {
  return `This request exceeds your quota of characters. You have ${Math.max(0, remaining)} characters remaining, while ${requested} characters are required for this request.`;
}
