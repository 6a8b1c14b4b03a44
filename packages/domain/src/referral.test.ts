import { describe, expect, it } from 'vitest';
import {
  activeReferral,
  isPaidAdVisit,
  makeReferralRecord,
  REFERRAL_COOKIE_REMOVAL_DELAY_MS,
  REFERRAL_TTL_MS,
  referralFromUrl,
} from './referral';

const DAY = 86_400_000;

describe('referral attribution', () => {
  it('quotes the spec constants: 90 days, 2 s', () => {
    expect(REFERRAL_TTL_MS).toBe(7_776_000_000);
    expect(REFERRAL_TTL_MS).toBe(90 * DAY);
    expect(REFERRAL_COOKIE_REMOVAL_DELAY_MS).toBe(2000);
  });

  it.each([
    ['just stored', 0, 'abc'],
    ['after 89 days', 89 * DAY, 'abc'],
    ['one ms before expiry', 90 * DAY - 1, 'abc'],
    ['at expiry', 90 * DAY, null],
    ['after 91 days', 91 * DAY, null],
  ])('is %s: %j', (_name, elapsed, expected) => {
    const record = makeReferralRecord('abc', 1_000);
    expect(record.expiresTimestamp).toBe(1_000 + REFERRAL_TTL_MS);
    expect(activeReferral(record, 1_000 + elapsed)).toBe(expected);
  });

  it.each([
    [null, null],
    [{ value: '', expiresTimestamp: Infinity }, null],
  ])('has no referral for %j', (record, expected) => {
    expect(activeReferral(record, 0)).toBe(expected);
  });

  it.each([
    ['via=abc123', 'abc123'],
    ['pid=partner-7', 'partner-7'],
    ['via=a&pid=b', 'a'],
    ['via=', null],
    ['via=<script>', null],
    ['q=1', null],
  ])('reads %s as %j', (query, expected) => {
    expect(referralFromUrl(new URLSearchParams(query))).toBe(expected);
  });

  it.each([
    ['gclid=abc', true],
    ['utm_medium=cpc', true],
    ['utm_medium=PPC', true],
    ['utm_medium=email', false],
    ['via=abc', false],
  ])('%s is a paid-ad visit: %s', (query, expected) => {
    expect(isPaidAdVisit(new URLSearchParams(query))).toBe(expected);
  });
});
