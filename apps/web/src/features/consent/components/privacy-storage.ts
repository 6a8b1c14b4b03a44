import {
  ANALYTICS_CONSENT_STATES,
  PRIVACY_OPT_OUT_COOKIE,
  privacyOptOutCookie,
  type AnalyticsConsent,
} from '@vocalis/domain/consent';

// Consent choices belong to the browser, not to a session: they are kept under unprefixed keys so
// sign-out (which clears 'xi:' keys) does not forget a visitor's opt-out.
const CCPA_KEY = 'ccpa_opt_out';
const ANALYTICS_KEY = 'analytics_consent';

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether the browser carries a Global Privacy Control signal. */
export function hasGpcSignal(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/** The stored privacy (CCPA) opt-out: browser storage, or the cookie when storage was cleared. */
export function readCcpaOptOut(): boolean {
  const stored = store()?.getItem(CCPA_KEY);
  if (stored !== null && stored !== undefined) return stored === 'true';
  return document.cookie.split('; ').includes(`${PRIVACY_OPT_OUT_COOKIE}=true`);
}

/** Stores the preference in browser storage and in a cookie valid 360 days, secure, strict. */
export function writeCcpaOptOut(optedOut: boolean): void {
  store()?.setItem(CCPA_KEY, String(optedOut));
  document.cookie = privacyOptOutCookie(optedOut);
}

export function readAnalyticsConsent(): AnalyticsConsent | null {
  const stored = store()?.getItem(ANALYTICS_KEY);
  return (ANALYTICS_CONSENT_STATES as readonly string[]).includes(stored ?? '')
    ? (stored as AnalyticsConsent)
    : null;
}

export function writeAnalyticsConsent(consent: AnalyticsConsent): void {
  store()?.setItem(ANALYTICS_KEY, consent);
}
