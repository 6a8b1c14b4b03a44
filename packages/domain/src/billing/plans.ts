/**
 * The plan catalogue: every constant of billing.md §9, once. Other modules (plan-limits, quota, pricing
 * cards, the billing server) read these tables; nothing else holds a plan number.
 *
 * Convention: `UNLIMITED` (-1, the spec's "-1 (unlimited)") marks a limit that does not apply, and `null`
 * marks a price or rate the plan does not have (free has no overage; enterprise is priced by sales).
 */
import { type Currency, type PlanId, type PricingPeriod, planIdOf } from './tiers';

export const UNLIMITED = -1;

type PerPlan<T> = Readonly<Record<PlanId, T>>;

/** §9 "Monthly characters": Free 10,000; Starter 30,000; Creator 100,000; Pro 500,000; Scale 2,000,000;
 * Business 11,000,000; Enterprise unlimited. */
export const MONTHLY_CHARACTERS: PerPlan<number> = {
  free: 10_000,
  starter: 30_000,
  creator: 100_000,
  pro: 500_000,
  growing_business: 2_000_000,
  scale_2024_08_10: 11_000_000,
  enterprise: UNLIMITED,
};

/** §9 audio minutes 10 / 30 / 100 / 600 / 2,400 / 13,200; enterprise unlimited.
 * Creator: we use 100 (the plan listing); the other readings are 120 ("usage shows 120") and ~2 h. */
export const AUDIO_MINUTES: PerPlan<number> = {
  free: 10,
  starter: 30,
  creator: 100,
  pro: 600,
  growing_business: 2_400,
  scale_2024_08_10: 13_200,
  enterprise: UNLIMITED,
};

/** §9 custom voices 3 / 10 / 30 / 160 / 660 / 660; "Enterprise unlimited" read as covering this column too. */
export const CUSTOM_VOICES: PerPlan<number> = {
  free: 3,
  starter: 10,
  creator: 30,
  pro: 160,
  growing_business: 660,
  scale_2024_08_10: 660,
  enterprise: UNLIMITED,
};

/** §9 "Approximate time in marketing credits". */
export const APPROXIMATE_AUDIO: PerPlan<string> = {
  free: '~10 min',
  starter: '~30 min',
  creator: '~2 h',
  pro: '~10 h',
  growing_business: '~40 h',
  scale_2024_08_10: '~180 h',
  enterprise: 'Unlimited',
};

type Money = Readonly<Record<Currency, number | null>>;
const money = (usd: number | null, eur: number | null): Money => ({ usd, eur });

/** §9 monthly prices (USD / EUR): starter 5 / 4.75; creator 22 / 21; pro 99 / 94; scale 330 / 314;
 * business 1,320 / 1,256. Business EUR: we use 1,256 ("displayed"); the other reading lists 1,320 in both. */
export const MONTHLY_PRICE: PerPlan<Money> = {
  free: money(0, 0),
  starter: money(5, 4.75),
  creator: money(22, 21),
  pro: money(99, 94),
  growing_business: money(330, 314),
  scale_2024_08_10: money(1_320, 1_256),
  enterprise: money(null, null),
};

/** §9 annual totals (USD / EUR): starter 50 / 47.50; creator 220 / 210; pro 990 / 940; scale 3,300 / 3,140;
 * business 13,200 both. */
export const ANNUAL_TOTAL: PerPlan<Money> = {
  free: money(0, 0),
  starter: money(50, 47.5),
  creator: money(220, 210),
  pro: money(990, 940),
  growing_business: money(3_300, 3_140),
  scale_2024_08_10: money(13_200, 13_200),
  enterprise: money(null, null),
};

/** §9 first-month offers: Starter 5 → 1, Creator 22 → 11 (USD). EUR is not listed; we apply the same
 * reductions (80 % and 50 %) to the EUR price: 0.95 and 10.50. */
export const FIRST_MONTH_PRICE: Readonly<Partial<Record<PlanId, Money>>> = {
  starter: money(1, 0.95),
  creator: money(11, 10.5),
};

/** §9 "Overage per 1000 characters": Creator $0.30, Pro $0.24, Scale $0.18, Business $0.10. §9 lists no EUR
 * rate; a workspace billed in EUR pays the same figures in euros (decision 024), as §9 does where it has one
 * figure for both currencies (business annual 13,200 both). */
export const OVERAGE_PER_1000: PerPlan<Money> = {
  free: money(null, null),
  starter: money(null, null),
  creator: money(0.3, 0.3),
  pro: money(0.24, 0.24),
  growing_business: money(0.18, 0.18),
  scale_2024_08_10: money(0.1, 0.1),
  enterprise: money(null, null),
};

/** §9 "Billing thresholds in cents (USD / EUR)": creator 4400 / 4200; pro 19800 / 18800; scale and business
 * 66000 / 62800. */
export const BILLING_THRESHOLD_CENTS: PerPlan<Money> = {
  free: money(null, null),
  starter: money(null, null),
  creator: money(4_400, 4_200),
  pro: money(19_800, 18_800),
  growing_business: money(66_000, 62_800),
  scale_2024_08_10: money(66_000, 62_800),
  enterprise: money(null, null),
};

/** §9 concurrency 2, 3, 5, 10, 15, 15. Enterprise is not listed; it gets the largest listed value, 15. */
export const CONCURRENCY: PerPlan<number> = {
  free: 2,
  starter: 3,
  creator: 5,
  pro: 10,
  growing_business: 15,
  scale_2024_08_10: 15,
  enterprise: 15,
};

/** §9 "conversational-agent concurrency listed elsewhere as 4, 6, 10, 20, 30, 30"; enterprise as the largest. */
export const CONVERSATIONAL_CONCURRENCY: PerPlan<number> = {
  free: 4,
  starter: 6,
  creator: 10,
  pro: 20,
  growing_business: 30,
  scale_2024_08_10: 30,
  enterprise: 30,
};

/** §9 studio project limits 3, 20, 1000, 3000, 20000, 20000; enterprise unlimited. */
export const STUDIO_PROJECTS: PerPlan<number> = {
  free: 3,
  starter: 20,
  creator: 1_000,
  pro: 3_000,
  growing_business: 20_000,
  scale_2024_08_10: 20_000,
  enterprise: UNLIMITED,
};

/** §9 professional voice clone limit 0, 0, 1, 1, 1, 3. Enterprise is not listed; it gets the largest, 3. */
export const PROFESSIONAL_VOICE_CLONES: PerPlan<number> = {
  free: 0,
  starter: 0,
  creator: 1,
  pro: 1,
  growing_business: 1,
  scale_2024_08_10: 3,
  enterprise: 3,
};

/** §9 conversational minutes 15, 50, 250, 1100, 3600, 13750; enterprise unlimited. */
export const CONVERSATIONAL_MINUTES: PerPlan<number> = {
  free: 15,
  starter: 50,
  creator: 250,
  pro: 1_100,
  growing_business: 3_600,
  scale_2024_08_10: 13_750,
  enterprise: UNLIMITED,
};

/** §9 extra conversational minute cost (USD): Creator 0.12, Pro 0.11, Scale 0.10, Business 0.08 annual /
 * 0.096 monthly. */
export const EXTRA_CONVERSATIONAL_MINUTE_USD: PerPlan<Readonly<Record<PricingPeriod, number>> | null> = {
  free: null,
  starter: null,
  creator: { monthly: 0.12, yearly: 0.12 },
  pro: { monthly: 0.11, yearly: 0.11 },
  growing_business: { monthly: 0.1, yearly: 0.1 },
  scale_2024_08_10: { monthly: 0.096, yearly: 0.08 },
  enterprise: null,
};

/** §9 sound effect seconds 250, 750, 2500, 12500, 50000, 275000; enterprise unlimited. */
export const SOUND_EFFECT_SECONDS: PerPlan<number> = {
  free: 250,
  starter: 750,
  creator: 2_500,
  pro: 12_500,
  growing_business: 50_000,
  scale_2024_08_10: 275_000,
  enterprise: UNLIMITED,
};

/** §6 "Seats: free, starter, creator, pro 1; Scale 3; Business 5; trial and enterprise 25." */
export const SEATS: PerPlan<number> = {
  free: 1,
  starter: 1,
  creator: 1,
  pro: 1,
  growing_business: 3,
  scale_2024_08_10: 5,
  enterprise: 25,
};

/** §5 extra-character allowance: free 0, starter 0, creator 1000, pro 3000, growing_business 20000,
 * scale_2024_08_10 20000, enterprise and trial unlimited (-1). */
export const EXTRA_CHARACTERS: PerPlan<number> = {
  free: 0,
  starter: 0,
  creator: 1_000,
  pro: 3_000,
  growing_business: 20_000,
  scale_2024_08_10: 20_000,
  enterprise: UNLIMITED,
};

/** §3 plan_type. The spec does not say which plan is which; we call the plans up to Pro individual. */
export const PLAN_TYPE: PerPlan<'individual' | 'company'> = {
  free: 'individual',
  starter: 'individual',
  creator: 'individual',
  pro: 'individual',
  growing_business: 'company',
  scale_2024_08_10: 'company',
  enterprise: 'company',
};

/** §3 most_popular: the spec does not name the plan; we mark Creator (the one with a 50 % first-month offer). */
export const MOST_POPULAR_PLAN: PlanId = 'creator';

/** §9 "default cache lifetime 604,800 s". */
export const DEFAULT_CACHE_LIFETIME_SECONDS = 604_800;

// Per-tier lookups: any tier string (trial → enterprise, unknown → free).
export const monthlyCharacters = (tier: string): number => MONTHLY_CHARACTERS[planIdOf(tier)];
export const concurrency = (tier: string): number => CONCURRENCY[planIdOf(tier)];
export const seats = (tier: string): number => SEATS[planIdOf(tier)];
export const studioProjectLimit = (tier: string): number => STUDIO_PROJECTS[planIdOf(tier)];
export const customVoiceLimit = (tier: string): number => CUSTOM_VOICES[planIdOf(tier)];

/** §3 "professional voice limit = plan limit + extra_pvc_slots". */
export const professionalVoiceLimit = (tier: string, extraPvcSlots = 0): number =>
  PROFESSIONAL_VOICE_CLONES[planIdOf(tier)] + extraPvcSlots;

/** §3 "maximum voice add/edits = round(1.5 × voice_limit + 50)". */
export const maxVoiceAddEdits = (voiceLimit: number): number => Math.round(1.5 * voiceLimit + 50);

/** §9 per-character overage price in the workspace's currency: creator 0.0003, pro 0.00024, scale 0.00018,
 * business 0.0001 (dollars, or euros for a workspace billed in EUR). */
export function overagePerCharacter(tier: string, currency: Currency): number | null {
  const per1000 = OVERAGE_PER_1000[planIdOf(tier)][currency];
  return per1000 === null ? null : Math.round(per1000 * 100_000) / 100_000_000;
}

/** Overage for characters beyond the limit, in cents of the workspace's currency (rounded to the cent). */
export function overageCents(tier: string, charactersOver: number, currency: Currency): number {
  const perChar = overagePerCharacter(tier, currency);
  if (perChar === null || charactersOver <= 0) return 0;
  return Math.round(charactersOver * perChar * 100);
}

/** §9 prices for one card: the monthly price, or for yearly the per-month price (annual total / 12, in cents). */
export function pricePerMonth(plan: PlanId, period: PricingPeriod, currency: Currency): number | null {
  if (period === 'monthly') return MONTHLY_PRICE[plan][currency];
  const total = ANNUAL_TOTAL[plan][currency];
  return total === null ? null : Math.round((total * 100) / 12) / 100;
}

/** The amount charged per billing period (monthly price, or annual total). */
export function pricePerPeriod(plan: PlanId, period: PricingPeriod, currency: Currency): number | null {
  return period === 'monthly' ? MONTHLY_PRICE[plan][currency] : ANNUAL_TOTAL[plan][currency];
}
