import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { ipLimitKey } from './ip-limit-key';
import { releaseRateLimits, takeRateLimits, type RateLimit } from './rate-limits.repo';

const accountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `sign-in:ip:${ipLimitKey(ip)}`;

/**
 * The sign-in lockout (accounts.md §8 'Too many sign-in attempts'): failures per account and per client IP
 * in a fixed window, counted in the database so every node agrees (decision 030). An attempt is reserved
 * before its password is checked, so however many arrive at once, at most `perAccount` wrong passwords of
 * one account (and `perIp` from one IP) are ever checked in a window. An attempt that turns out not to be
 * a wrong password (signed in, second factor asked, blocked account, unverified address) gives its
 * reservation back; the failures before it stay counted.
 */
export function signInLimiter(db: AppDb, limits: Config['signInLimits']) {
  const keysOf = (email: string | undefined, ip: string | null): RateLimit[] => [
    ...(email ? [{ key: accountKey(email), limit: limits.perAccount }] : []),
    ...(ip ? [{ key: ipKey(ip), limit: limits.perIp }] : []),
  ];
  return {
    /** Takes one attempt for the account and the IP; false (nothing taken) when either is locked. */
    reserve: (email: string | undefined, ip: string | null) =>
      takeRateLimits(db, keysOf(email, ip), limits.windowSeconds),
    /** Gives a reserved attempt back: it was not a wrong password. */
    release: (email: string | undefined, ip: string | null) =>
      releaseRateLimits(
        db,
        keysOf(email, ip).map((k) => k.key),
      ),
  };
}
