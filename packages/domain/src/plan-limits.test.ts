import { describe, expect, it } from 'vitest';
import { concurrencyLimit, monthlyCharacterLimit, planTier, quotaExceededMessage } from './plan-limits';

// billing.md §9: "Monthly characters … Free 10,000; Starter 30,000; Creator 100,000; Pro 500,000; Scale
// (growing_business) 2,000,000; Business (scale_2024_08_10) 11,000,000" and "Concurrency (free, starter,
// creator, pro, scale, business): 2, 3, 5, 10, 15, 15".
describe('plan limits', () => {
  it.each([
    ['free', 10_000, 2],
    ['starter', 30_000, 3],
    ['creator', 100_000, 5],
    ['pro', 500_000, 10],
    ['growing_business', 2_000_000, 15],
    ['scale', 2_000_000, 15],
    ['scale_2024_08_10', 11_000_000, 15],
    ['business', 11_000_000, 15],
  ])('%s: %d characters a month, %d at once', (tier, characters, concurrent) => {
    expect(monthlyCharacterLimit(tier)).toBe(characters);
    expect(concurrencyLimit(tier)).toBe(concurrent);
  });

  it('treats an unknown tier as free', () => {
    expect(planTier('mystery')).toBe('free');
    expect(concurrencyLimit('mystery')).toBe(2);
  });

  it('says how many characters remain, never a negative number', () => {
    expect(quotaExceededMessage(12, 30)).toContain('You have 12 characters remaining, while 30 characters');
    expect(quotaExceededMessage(-5, 30)).toContain('You have 0 characters remaining');
  });
});

describe('plan limits for enterprise and trial', () => {
  it("stores enterprise's unlimited characters as the largest 32-bit count, trial like enterprise", () => {
    expect(monthlyCharacterLimit('enterprise')).toBe(2_147_483_647);
    expect(monthlyCharacterLimit('trial')).toBe(2_147_483_647);
    expect(planTier('trial')).toBe('enterprise');
    expect(concurrencyLimit('trial')).toBe(15);
  });
});
