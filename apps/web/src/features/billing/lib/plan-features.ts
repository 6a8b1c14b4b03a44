import {
  APPROXIMATE_AUDIO,
  CONCURRENCY,
  EXTRA_CHARACTERS,
  MONTHLY_CHARACTERS,
  OVERAGE_PER_1000,
  UNLIMITED,
} from '@vocalis/domain/billing/plans';
import { formatCurrency } from '@vocalis/domain/billing/billing-display';
import type { Currency, PlanId } from '@vocalis/domain/billing/tiers';

/** One line under each plan's name: what the plan is for, in terms of what the product does. */
export const PLAN_DESCRIPTIONS: Readonly<Record<PlanId, string>> = {
  free: 'Try text to speech with every voice.',
  starter: 'For your first projects in speech.',
  creator: 'For creators voicing content every week.',
  pro: 'For creators producing speech at volume.',
  growing_business: 'For teams generating speech at scale.',
  scale_2024_08_10: 'For businesses with high-volume speech.',
  enterprise: 'Custom terms and unlimited characters.',
};

const count = (n: number) => n.toLocaleString('en-US');

/**
 * What a plan's card promises: only what the product does and the limits the server enforces (issue 16).
 * The monthly character quota (usage.service refuses past it), concurrent generations (the slots it
 * holds), and the extra characters a workspace that allows extension may use, invoiced at the period
 * end at the overage rate in `currency`. Nothing about features this server does not have (voice
 * cloning, studio projects, seats, licences).
 */
export function planFeatures(plan: PlanId, currency: Currency): string[] {
  const chars = MONTHLY_CHARACTERS[plan];
  const lines = [
    chars === UNLIMITED
      ? 'Unlimited characters'
      : `${count(chars)} characters / month (${APPROXIMATE_AUDIO[plan]} of speech)`,
    `${CONCURRENCY[plan]} generations at a time`,
    'Text to speech and dialogue, every voice and model',
    'API keys, history and share links',
  ];
  const extra = EXTRA_CHARACTERS[plan];
  const overage = OVERAGE_PER_1000[plan][currency];
  if (extra > 0 && overage !== null)
    lines.push(
      `If you allow it, up to ${count(extra)} extra characters at ${formatCurrency(overage, currency)} per 1,000`,
    );
  return lines;
}
