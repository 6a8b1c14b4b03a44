/**
 * Character quota arithmetic (billing.md §5): "a request fails if used characters plus new characters
 * exceed the limit, unless the workspace may extend the limit (allowed to extend, can extend, and status
 * active or tier enterprise). Remaining characters = limit minus used; -1 (unlimited) when extension applies."
 */
import { EXTRA_CHARACTERS, UNLIMITED } from './plans';
import { isEnterpriseTier, planIdOf } from './tiers';

export type QuotaState = {
  tier: string;
  status: string;
  characterLimit: number;
  characterCount: number;
  /** subscription.allowed_to_extend_character_limit */
  allowedToExtend: boolean;
  /** subscription.can_extend_character_limit */
  canExtend: boolean;
};

/** "allowed to extend, can extend, and status active or tier enterprise" (trial counts as enterprise). */
export function mayExtendCharacterLimit(
  q: Pick<QuotaState, 'tier' | 'status' | 'allowedToExtend' | 'canExtend'>,
): boolean {
  return q.allowedToExtend && q.canExtend && (q.status === 'active' || isEnterpriseTier(q.tier));
}

/** Whether a request of `requested` characters may run. */
export function checkCharacterQuota(q: QuotaState, requested: number): boolean {
  if (mayExtendCharacterLimit(q) || q.characterLimit === UNLIMITED) return true;
  return q.characterCount + requested <= q.characterLimit;
}

/** Characters left this period, or -1 (unlimited) when extension applies. */
export function remainingCharacters(q: QuotaState): number {
  if (mayExtendCharacterLimit(q) || q.characterLimit === UNLIMITED) return UNLIMITED;
  return q.characterLimit - q.characterCount;
}

/**
 * §5 "Extra-character allowance per tier: free 0, starter 0, creator 1000, pro 3000, growing_business 20000,
 * scale_2024_08_10 20000, enterprise and trial unlimited (-1), any other tier 0."
 */
export function extraCharacterAllowance(tier: string): number {
  // planIdOf maps unknown tiers to free, whose allowance is 0 ("any other tier 0").
  return EXTRA_CHARACTERS[planIdOf(tier)];
}
