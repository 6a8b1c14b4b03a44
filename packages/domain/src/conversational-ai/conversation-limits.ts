/**
 * Conversational-AI limits per plan (billing.md §9): minutes of conversation per month and conversations at
 * once, and the messages a refusal carries.
 */
import { CONVERSATIONAL_CONCURRENCY, CONVERSATIONAL_MINUTES, UNLIMITED } from '../billing/plans';
import { planIdOf } from '../billing/tiers';

/** Minutes of conversation the tier includes per month (Infinity for enterprise). */
export function conversationalMinutes(tier: string): number {
  const m = CONVERSATIONAL_MINUTES[planIdOf(tier)];
  return m === UNLIMITED ? Infinity : m;
}

/** Conversations the tier may hold at once. */
export const conversationalConcurrency = (tier: string): number => CONVERSATIONAL_CONCURRENCY[planIdOf(tier)];

/** Seconds a conversation counts: started seconds, as calls are billed. */
export const billedSeconds = (seconds: number): number => Math.max(0, Math.ceil(seconds));

/** Seconds left this month (Infinity when unlimited, never negative). */
export function secondsLeft(tier: string, usedSeconds: number): number {
  const minutes = conversationalMinutes(tier);
  return minutes === Infinity ? Infinity : Math.max(0, minutes * 60 - usedSeconds);
}

export const minutesExhaustedMessage = (tier: string): string =>
  `Your workspace has used all ${conversationalMinutes(tier)} conversational minutes of its plan this month. Upgrade the plan or wait for the next month to talk to agents again.`;

export const tooManyConversationsMessage = (limit: number): string =>
  `Your workspace already holds ${limit} conversations at once, the most its plan allows. Try again when one has ended.`;
