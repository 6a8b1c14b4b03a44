import { describe, expect, it } from 'vitest';
import {
  isSessionIdleExpired,
  SESSION_ACTIVITY_WRITE_INTERVAL_MS,
  shouldRecordActivity,
} from './session-inactivity';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('isSessionIdleExpired', () => {
  it.each([
    { timeout: null, idleMs: 10 ** 9, expired: false },
    { timeout: undefined, idleMs: 10 ** 9, expired: false },
    { timeout: 0, idleMs: 10 ** 9, expired: false },
    { timeout: 60, idleMs: 59_999, expired: false },
    { timeout: 60, idleMs: 60_000, expired: false },
    { timeout: 60, idleMs: 60_001, expired: true },
    { timeout: 900, idleMs: 3_600_000, expired: true },
  ])('timeout $timeout s, idle $idleMs ms → $expired', ({ timeout, idleMs, expired }) => {
    expect(isSessionIdleExpired(at(0), timeout, at(idleMs))).toBe(expired);
  });
});

describe('shouldRecordActivity', () => {
  it.each([
    { sinceMs: 0, write: false },
    { sinceMs: SESSION_ACTIVITY_WRITE_INTERVAL_MS - 1, write: false },
    { sinceMs: SESSION_ACTIVITY_WRITE_INTERVAL_MS, write: true },
  ])('$sinceMs ms since the last write → $write', ({ sinceMs, write }) => {
    expect(shouldRecordActivity(at(0), at(sinceMs))).toBe(write);
  });
});
