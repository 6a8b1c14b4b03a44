/**
 * Referral attribution (accounts.md §4, §9): kept 90 days (7,776,000,000 ms), then expired; referral
 * cookies are removed 2 seconds after a visit from a paid-ad click.
 */

export const REFERRAL_TTL_MS = 7_776_000_000;
export const REFERRAL_COOKIE_REMOVAL_DELAY_MS = 2000;

/** accounts.md §3 "Referral record: value and expiresTimestamp." */
export type ReferralRecord = { value: string; expiresTimestamp: number };

export function makeReferralRecord(value: string, now: number): ReferralRecord {
  return { value, expiresTimestamp: now + REFERRAL_TTL_MS };
}

/** The record's value while it has not expired, else null. */
export function activeReferral(record: ReferralRecord | null | undefined, now: number): string | null {
  if (!record || typeof record.value !== 'string' || !record.value) return null;
  return now < record.expiresTimestamp ? record.value : null;
}

/** The referral (partner) code a landing URL carries: `via`, or PartnerStack's `pid`. */
export function referralFromUrl(params: URLSearchParams): string | null {
  const value = (params.get('via') ?? params.get('pid'))?.trim();
  return value && /^[\w-]{1,64}$/.test(value) ? value : null;
}

/** Whether a landing URL is a paid-ad click (a Google click id, or a paid utm medium). */
export function isPaidAdVisit(params: URLSearchParams): boolean {
  if (params.get('gclid')) return true;
  const medium = params.get('utm_medium')?.toLowerCase();
  return medium === 'cpc' || medium === 'ppc' || medium === 'paid';
}
