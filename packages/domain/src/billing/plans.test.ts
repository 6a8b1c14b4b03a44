import { describe, expect, it } from 'vitest';
import {
  ANNUAL_TOTAL,
  APPROXIMATE_AUDIO,
  AUDIO_MINUTES,
  BILLING_THRESHOLD_CENTS,
  CONCURRENCY,
  CONVERSATIONAL_CONCURRENCY,
  CONVERSATIONAL_MINUTES,
  CUSTOM_VOICES,
  EXTRA_CONVERSATIONAL_MINUTE_USD,
  FIRST_MONTH_PRICE,
  MONTHLY_CHARACTERS,
  MONTHLY_PRICE,
  OVERAGE_PER_1000,
  PROFESSIONAL_VOICE_CLONES,
  SEATS,
  SOUND_EFFECT_SECONDS,
  STUDIO_PROJECTS,
  UNLIMITED,
  maxVoiceAddEdits,
  overageCents,
  overagePerCharacter,
  pricePerMonth,
  pricePerPeriod,
  professionalVoiceLimit,
  seats,
  studioProjectLimit,
} from './plans';
import type { PlanId } from './tiers';

const SIX: PlanId[] = ['free', 'starter', 'creator', 'pro', 'growing_business', 'scale_2024_08_10'];
const column = <T>(table: Readonly<Record<PlanId, T>>): T[] => SIX.map((p) => table[p]);

describe('plan catalogue (billing.md §9)', () => {
  it('"Monthly characters / audio minutes / custom voices": Free 10,000 / 10 / 3; Starter 30,000 / 30 / 10; Creator 100,000 / 100 / 30; Pro 500,000 / 600 / 160; Scale 2,000,000 / 2,400 / 660; Business 11,000,000 / 13,200 / 660; Enterprise unlimited', () => {
    expect(column(MONTHLY_CHARACTERS)).toEqual([10_000, 30_000, 100_000, 500_000, 2_000_000, 11_000_000]);
    expect(column(AUDIO_MINUTES)).toEqual([10, 30, 100, 600, 2_400, 13_200]);
    expect(column(CUSTOM_VOICES)).toEqual([3, 10, 30, 160, 660, 660]);
    expect([MONTHLY_CHARACTERS.enterprise, AUDIO_MINUTES.enterprise, CUSTOM_VOICES.enterprise]).toEqual([
      UNLIMITED,
      UNLIMITED,
      UNLIMITED,
    ]);
  });

  it('"Approximate time in marketing credits: free ~10 min, starter ~30 min, creator ~2 h, pro ~10 h, scale ~40 h, business ~180 h"', () => {
    expect(column(APPROXIMATE_AUDIO)).toEqual(['~10 min', '~30 min', '~2 h', '~10 h', '~40 h', '~180 h']);
  });

  it.each([
    // plan, USD monthly, EUR monthly, USD annual, EUR annual, USD yearly per month
    ['free', 0, 0, 0, 0, 0],
    ['starter', 5, 4.75, 50, 47.5, 4.17],
    ['creator', 22, 21, 220, 210, 18.33],
    ['pro', 99, 94, 990, 940, 82.5],
    ['growing_business', 330, 314, 3_300, 3_140, 275],
    ['scale_2024_08_10', 1_320, 1_256, 13_200, 13_200, 1_100],
  ] as const)(
    '%s costs $%d / %d€ a month, $%d / %d€ a year, $%d a month yearly',
    (plan, usd, eur, usdYear, eurYear, usdYearMonth) => {
      expect(MONTHLY_PRICE[plan]).toEqual({ usd, eur });
      expect(ANNUAL_TOTAL[plan]).toEqual({ usd: usdYear, eur: eurYear });
      expect(pricePerMonth(plan, 'monthly', 'usd')).toBe(usd);
      expect(pricePerMonth(plan, 'yearly', 'usd')).toBe(usdYearMonth);
      expect(pricePerPeriod(plan, 'yearly', 'eur')).toBe(eurYear);
    },
  );

  it('"Starter 5 (first month 1 …); Creator 22 (first month 11 …)"; enterprise has no list price', () => {
    expect(FIRST_MONTH_PRICE.starter?.usd).toBe(1);
    expect(FIRST_MONTH_PRICE.creator?.usd).toBe(11);
    expect(FIRST_MONTH_PRICE.creator?.eur).toBe(10.5);
    expect(FIRST_MONTH_PRICE.pro).toBeUndefined();
    expect(pricePerMonth('enterprise', 'monthly', 'usd')).toBeNull();
  });

  it('"Overage per 1000 characters: Creator $0.30, Pro $0.24, Scale $0.18, Business $0.10. Per-character price in dollars: creator 0.0003, pro 0.00024, scale 0.00018, business 0.0001"', () => {
    expect(column(OVERAGE_PER_1000).map((m) => m.usd)).toEqual([null, null, 0.3, 0.24, 0.18, 0.1]);
    expect(SIX.map((t) => overagePerCharacter(t, 'usd'))).toEqual([
      null,
      null,
      0.0003,
      0.00024,
      0.00018,
      0.0001,
    ]);
    expect(overageCents('creator', 10_000, 'usd')).toBe(300);
    expect(overageCents('scale_2024_08_10', 1_000, 'usd')).toBe(10);
    expect(overageCents('free', 10_000, 'usd')).toBe(0);
  });

  it('charges a workspace billed in EUR the same figures in euros (decision 024: §9 lists no EUR overage)', () => {
    expect(column(OVERAGE_PER_1000).map((m) => m.eur)).toEqual([null, null, 0.3, 0.24, 0.18, 0.1]);
    expect(SIX.map((t) => overagePerCharacter(t, 'eur'))).toEqual([
      null,
      null,
      0.0003,
      0.00024,
      0.00018,
      0.0001,
    ]);
    expect(overageCents('pro', 12_345, 'eur')).toBe(296);
    expect(overageCents('starter', 10_000, 'eur')).toBe(0);
  });

  it('"Billing thresholds in cents (USD / EUR): creator 4400 / 4200; pro 19800 / 18800; scale and business 66000 / 62800"', () => {
    expect(column(BILLING_THRESHOLD_CENTS).slice(2)).toEqual([
      { usd: 4_400, eur: 4_200 },
      { usd: 19_800, eur: 18_800 },
      { usd: 66_000, eur: 62_800 },
      { usd: 66_000, eur: 62_800 },
    ]);
  });

  it('"Concurrency …: 2, 3, 5, 10, 15, 15 …; conversational-agent concurrency … 4, 6, 10, 20, 30, 30"', () => {
    expect(column(CONCURRENCY)).toEqual([2, 3, 5, 10, 15, 15]);
    expect(column(CONVERSATIONAL_CONCURRENCY)).toEqual([4, 6, 10, 20, 30, 30]);
  });

  it('"Studio project limits: 3, 20, 1000, 3000, 20000, 20000. Professional voice clone limit: 0, 0, 1, 1, 1, 3"', () => {
    expect(column(STUDIO_PROJECTS)).toEqual([3, 20, 1_000, 3_000, 20_000, 20_000]);
    expect(column(PROFESSIONAL_VOICE_CLONES)).toEqual([0, 0, 1, 1, 1, 3]);
    expect(studioProjectLimit('trial')).toBe(UNLIMITED);
  });

  it('"Conversational minutes: 15, 50, 250, 1100, 3600, 13750; extra-minute cost Creator 0.12, Pro 0.11, Scale 0.10, Business 0.08 annual / 0.096 monthly"', () => {
    expect(column(CONVERSATIONAL_MINUTES)).toEqual([15, 50, 250, 1_100, 3_600, 13_750]);
    expect(EXTRA_CONVERSATIONAL_MINUTE_USD.creator?.monthly).toBe(0.12);
    expect(EXTRA_CONVERSATIONAL_MINUTE_USD.pro?.monthly).toBe(0.11);
    expect(EXTRA_CONVERSATIONAL_MINUTE_USD.growing_business?.yearly).toBe(0.1);
    expect(EXTRA_CONVERSATIONAL_MINUTE_USD.scale_2024_08_10).toEqual({ monthly: 0.096, yearly: 0.08 });
  });

  it('"Sound effect seconds: 250, 750, 2500, 12500, 50000, 275000"', () => {
    expect(column(SOUND_EFFECT_SECONDS)).toEqual([250, 750, 2_500, 12_500, 50_000, 275_000]);
  });

  it('"Seats: free, starter, creator, pro 1; Scale 3; Business 5; trial and enterprise 25"', () => {
    expect(column(SEATS)).toEqual([1, 1, 1, 1, 3, 5]);
    expect(seats('enterprise')).toBe(25);
    expect(seats('trial')).toBe(25);
  });

  it('"professional voice limit = plan limit + extra_pvc_slots"; "maximum voice add/edits = round(1.5 × voice_limit + 50)"', () => {
    expect(professionalVoiceLimit('creator', 2)).toBe(3);
    expect(professionalVoiceLimit('free')).toBe(0);
    expect(maxVoiceAddEdits(3)).toBe(55); // 54.5 rounds up
    expect(maxVoiceAddEdits(30)).toBe(95);
    expect(maxVoiceAddEdits(660)).toBe(1_040);
  });
});
