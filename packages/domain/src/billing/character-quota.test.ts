import { describe, expect, it } from 'vitest';
import {
  type QuotaState,
  checkCharacterQuota,
  extraCharacterAllowance,
  mayExtendCharacterLimit,
  remainingCharacters,
} from './character-quota';

const q = (extra: Partial<QuotaState> = {}): QuotaState => ({
  tier: 'creator',
  status: 'active',
  characterLimit: 100_000,
  characterCount: 99_000,
  allowedToExtend: false,
  canExtend: false,
  ...extra,
});

describe('character quota (billing.md §5)', () => {
  it.each<[string, Partial<QuotaState>, number, boolean, number]>([
    // "a request fails if used characters plus new characters exceed the limit"
    ['fits exactly', {}, 1_000, true, 1_000],
    ['one over', {}, 1_001, false, 1_000],
    ['already over', { characterCount: 100_500 }, 1, false, -500],
    // "unless the workspace may extend the limit (allowed to extend, can extend, and status active or tier enterprise)"
    ['extension applies', { allowedToExtend: true, canExtend: true }, 50_000, true, -1],
    ['allowed but cannot extend', { allowedToExtend: true, canExtend: false }, 50_000, false, 1_000],
    ['can but not allowed', { allowedToExtend: false, canExtend: true }, 50_000, false, 1_000],
    [
      'extension but past due',
      { allowedToExtend: true, canExtend: true, status: 'past_due' },
      50_000,
      false,
      1_000,
    ],
    [
      'extension for enterprise whatever the status',
      { tier: 'enterprise', status: 'past_due', allowedToExtend: true, canExtend: true },
      50_000,
      true,
      -1,
    ],
    [
      'trial counts as enterprise',
      { tier: 'trial', status: 'free', allowedToExtend: true, canExtend: true },
      50_000,
      true,
      -1,
    ],
    // "Enterprise and trial count as unlimited"
    ['unlimited limit', { tier: 'enterprise', characterLimit: -1 }, 10_000_000, true, -1],
  ])('%s: request of %d', (_name, extra, requested, ok, remaining) => {
    expect(checkCharacterQuota(q(extra), requested)).toBe(ok);
    expect(remainingCharacters(q(extra))).toBe(remaining);
  });

  it('extends only when allowed, able and active (or enterprise)', () => {
    expect(
      mayExtendCharacterLimit({ tier: 'pro', status: 'active', allowedToExtend: true, canExtend: true }),
    ).toBe(true);
    expect(
      mayExtendCharacterLimit({ tier: 'pro', status: 'incomplete', allowedToExtend: true, canExtend: true }),
    ).toBe(false);
  });

  it.each([
    // "free 0, starter 0, creator 1000, pro 3000, growing_business 20000, scale_2024_08_10 20000, enterprise and trial unlimited (-1), any other tier 0"
    ['free', 0],
    ['starter', 0],
    ['creator', 1_000],
    ['pro', 3_000],
    ['growing_business', 20_000],
    ['scale_2024_08_10', 20_000],
    ['enterprise', -1],
    ['trial', -1],
    ['legacy_tier', 0],
  ])('extra-character allowance of %s is %d', (tier, allowance) => {
    expect(extraCharacterAllowance(tier)).toBe(allowance);
  });
});
