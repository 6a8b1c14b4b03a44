import {
  APPROXIMATE_AUDIO,
  CUSTOM_VOICES,
  MONTHLY_CHARACTERS,
  OVERAGE_PER_1000,
  PROFESSIONAL_VOICE_CLONES,
  SEATS,
  STUDIO_PROJECTS,
  UNLIMITED,
} from '@vocalis/domain/billing/plans';
import { formatCurrency } from '@vocalis/domain/billing/billing-display';
import type { Currency, PlanId } from '@vocalis/domain/billing/tiers';

/** One line under each plan's name. */
export const PLAN_DESCRIPTIONS: Readonly<Record<PlanId, string>> = {
  free: 'Try text to speech with the premade voices.',
  starter: 'For hobbyists creating their first projects.',
  creator: 'For creators making premium content for global audiences.',
  pro: 'For creators ramping up their content production.',
  growing_business: 'For teams creating content at scale.',
  scale_2024_08_10: 'For businesses with high-volume audio needs.',
  enterprise: 'Custom terms, unlimited usage and dedicated support.',
};

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The plan's headline limits from the catalogue (billing.md §9); the overage rate in `currency`. */
export function planFeatures(plan: PlanId, currency: Currency): string[] {
  const chars = MONTHLY_CHARACTERS[plan];
  const lines = [
    chars === UNLIMITED ? 'Unlimited characters' : `${count(chars)} characters / month`,
    plan === 'enterprise' ? 'Unlimited audio' : `${APPROXIMATE_AUDIO[plan]} of audio`,
    CUSTOM_VOICES[plan] === UNLIMITED
      ? 'Unlimited custom voices'
      : plural(CUSTOM_VOICES[plan], 'custom voice', 'custom voices'),
    STUDIO_PROJECTS[plan] === UNLIMITED
      ? 'Unlimited studio projects'
      : plural(STUDIO_PROJECTS[plan], 'studio project', 'studio projects'),
    plural(SEATS[plan], 'seat', 'seats'),
  ];
  if (PROFESSIONAL_VOICE_CLONES[plan] > 0) {
    lines.push(
      plural(PROFESSIONAL_VOICE_CLONES[plan], 'professional voice clone', 'professional voice clones'),
    );
  }
  if (plan !== 'free') lines.push('Commercial licence');
  const overage = OVERAGE_PER_1000[plan][currency];
  if (overage !== null) lines.push(`Extra characters at ${formatCurrency(overage, currency)} per 1,000`);
  return lines;
}
