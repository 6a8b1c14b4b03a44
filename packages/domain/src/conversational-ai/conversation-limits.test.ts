import { describe, expect, it } from 'vitest';
import {
  billedSeconds,
  conversationalConcurrency,
  conversationalMinutes,
  minutesExhaustedMessage,
  secondsLeft,
} from './conversation-limits';

describe('conversational limits (billing.md §9)', () => {
  it.each([
    ['free', 15, 4],
    ['starter', 50, 6],
    ['creator', 250, 10],
    ['pro', 1100, 20],
    ['growing_business', 3600, 30],
    ['scale_2024_08_10', 13750, 30],
  ])('%s: %i minutes a month, %i at once', (tier, minutes, concurrent) => {
    expect(conversationalMinutes(tier)).toBe(minutes);
    expect(conversationalConcurrency(tier)).toBe(concurrent);
  });

  it('enterprise minutes are unlimited', () => {
    expect(conversationalMinutes('enterprise')).toBe(Infinity);
    expect(secondsLeft('enterprise', 1e9)).toBe(Infinity);
  });

  it('counts started seconds and never goes below zero', () => {
    expect(billedSeconds(3.2)).toBe(4);
    expect(secondsLeft('free', 899)).toBe(1);
    expect(secondsLeft('free', 2000)).toBe(0);
    expect(minutesExhaustedMessage('free')).toContain('all 15 conversational minutes');
  });
});
