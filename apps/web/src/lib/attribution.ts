import {
  activeReferral,
  isPaidAdVisit,
  makeReferralRecord,
  REFERRAL_COOKIE_REMOVAL_DELAY_MS,
  REFERRAL_TTL_MS,
  referralFromUrl,
  type ReferralRecord,
} from '@vocalis/domain/referral';

import { api } from './api-client';
import { readStored, runOnce, writeStored } from './storage';

// Attribution predates the account, so it is kept under unprefixed keys (sign-out clears 'xi:' keys).
const REFERRAL_KEY = 'referral';
const CLICK_KEY = 'referral_xid';
const AD_VISIT_KEY = 'ad_visit';
// accounts.md §2 "A workspace invite code is kept in browser local storage" (as the action-link page keeps it).
const INVITE_KEY = 'invite_code';
const REFERRAL_COOKIES = ['referral', 'referral_xid'] as const;

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  try {
    const raw = store()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function setCookie(name: string, value: string, maxAgeSeconds: number) {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
}

/** Removes the referral cookies and record (a paid-ad click takes the attribution over). */
function dropReferral() {
  for (const name of REFERRAL_COOKIES) document.cookie = `${name}=; Max-Age=0; Path=/`;
  store()?.removeItem(REFERRAL_KEY);
  store()?.removeItem(CLICK_KEY);
}

/**
 * Reads a landing URL: a referral code (`via`/`pid`, with `xid`) is kept 90 days in storage and cookies;
 * a workspace invite code (`invite_code`) is kept in storage; a paid-ad click is remembered for the account and removes the referral cookies 2 seconds later.
 */
export function captureAttribution(search: string = window.location.search, now: number = Date.now()): void {
  const params = new URLSearchParams(search);
  const referral = referralFromUrl(params);
  const maxAge = Math.floor(REFERRAL_TTL_MS / 1000);
  if (referral) {
    store()?.setItem(REFERRAL_KEY, JSON.stringify(makeReferralRecord(referral, now)));
    setCookie('referral', referral, maxAge);
    const xid = params.get('xid');
    if (xid) {
      store()?.setItem(CLICK_KEY, JSON.stringify(makeReferralRecord(xid.slice(0, 200), now)));
      setCookie('referral_xid', xid.slice(0, 200), maxAge);
    }
  }
  const invite = params.get('invite_code')?.trim();
  if (invite && invite.length <= 200) writeStored(INVITE_KEY, invite);
  if (isPaidAdVisit(params)) {
    const visit = Object.fromEntries([['gclid', params.get('gclid')], ...UTM.map((k) => [k, params.get(k)])]);
    store()?.setItem(AD_VISIT_KEY, JSON.stringify(visit));
    window.setTimeout(dropReferral, REFERRAL_COOKIE_REMOVAL_DELAY_MS);
  }
}

/** What pre-sign-up sends about how the visitor came: the active referral and click ids, the invite code. */
export function signUpAttribution(now: number = Date.now()): {
  pid: string | null;
  xid: string | null;
  invite_code: string | null;
} {
  return {
    pid: activeReferral(readJson<ReferralRecord>(REFERRAL_KEY), now),
    xid: activeReferral(readJson<ReferralRecord>(CLICK_KEY), now),
    invite_code: readStored<string | null>(INVITE_KEY, null),
  };
}

/** A stable, non-identifying hash of this browser's traits (record-device-fingerprint). */
async function deviceFingerprint(): Promise<string> {
  const traits = [
    navigator.userAgent,
    navigator.language,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    String(navigator.hardwareConcurrency ?? ''),
  ].join('|');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(traits));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Once per signed-in user on this browser: sends the kept referral to post-registration-user-setup, a
 * remembered paid-ad visit to google-ads-visit, and records the device. Failures are left for next time
 * only where harmless (attribution is best effort).
 */
export function syncAttribution(user: { user_id: string; email: string }, now: number = Date.now()): void {
  runOnce(`post-registration:${user.user_id}`, () => {
    const pid = activeReferral(readJson<ReferralRecord>(REFERRAL_KEY), now);
    const xid = activeReferral(readJson<ReferralRecord>(CLICK_KEY), now);
    if (pid || xid) {
      void api
        .post('/v1/user/post-registration-user-setup', { pid, xid })
        .then(() => dropReferral())
        .catch(() => undefined);
    }
  });
  const visit = readJson<Record<string, string | null>>(AD_VISIT_KEY);
  if (visit) {
    store()?.removeItem(AD_VISIT_KEY);
    void api
      .post('/v1/google-ads-visit', { email: user.email, event_type: 'visit', ...visit })
      .catch((error: unknown) => console.warn('google-ads-visit', error));
  }
  runOnce(`device:${user.user_id}`, () => {
    void deviceFingerprint()
      .then((fingerprint) => api.post('/v1/user/record-device-fingerprint', { fingerprint }))
      .catch(() => undefined);
  });
}
