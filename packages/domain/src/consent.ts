/**
 * Consent and privacy rules of accounts.md §4–§5: the biometric (BIPA) terms, the CCPA opt-out and the
 * analytics consent, all decided from a location (ISO 3166 country and subdivision codes).
 */

/** accounts.md §3 Location: region, country, city. */
export type Location = { region: string | null; country: string | null; city: string | null };

/**
 * geo_location as we store it: the ISO 3166-2 code "US-IL" (country and region), or just "US" when the
 * region is unknown; null when nothing is known.
 */
export function formatGeoLocation(location: Location | null | undefined): string | null {
  const country = location?.country?.trim().toUpperCase();
  if (!country) return null;
  const region = location?.region?.trim().toUpperCase();
  return region ? `${country}-${region}` : country;
}

/** Reads a geo_location back into country and region (either may be null). */
export function parseGeoLocation(geo: string | null | undefined): {
  country: string | null;
  region: string | null;
} {
  const match = /^([A-Za-z]{2})(?:-([A-Za-z0-9]{1,3}))?$/.exec(geo?.trim() ?? '');
  if (!match) return { country: null, region: null };
  return { country: match[1]!.toUpperCase(), region: match[2]?.toUpperCase() ?? null };
}

/** "Illinois requires acceptance" (accounts.md §5). */
export const BIPA_REQUIRED_REGIONS = ['US-IL'] as const;
/** "the stricter set of regions is Illinois, Texas, Washington and Quebec in Canada". */
export const BIPA_STRICT_REGIONS = ['US-IL', 'US-TX', 'US-WA', 'CA-QC'] as const;

/** Whether a geo_location lies in the stricter set of biometric-data regions. */
export function isBipaRegion(geo: string | null | undefined): boolean {
  const { country, region } = parseGeoLocation(geo);
  return !!country && !!region && (BIPA_STRICT_REGIONS as readonly string[]).includes(`${country}-${region}`);
}

/** Whether the 'Updated Terms' modal is shown: a BIPA region and the terms not accepted yet. */
export function needsBipaTerms(user: { geo_location: string | null; accepted_bipa_terms: boolean }): boolean {
  return !user.accepted_bipa_terms && isBipaRegion(user.geo_location);
}

/** "the US states ca, ct, co, ut, va, or, mt, tx" (accounts.md §5). */
export const CCPA_STATES = ['ca', 'ct', 'co', 'ut', 'va', 'or', 'mt', 'tx'] as const;

/** Whether the privacy (CCPA) opt-out is offered: a listed US state, or a Global Privacy Control signal. */
export function ccpaOptOutApplies(input: { geo_location: string | null | undefined; gpc: boolean }): boolean {
  if (input.gpc) return true;
  const { country, region } = parseGeoLocation(input.geo_location);
  return country === 'US' && !!region && (CCPA_STATES as readonly string[]).includes(region.toLowerCase());
}

/** "The preference is stored in browser storage and in a cookie valid 360 days, secure, strict." */
export const PRIVACY_OPT_OUT_COOKIE = 'xi_ccpa_opt_out';
export const PRIVACY_OPT_OUT_DAYS = 360;

/** The Set-Cookie / document.cookie string of the privacy opt-out preference. */
export function privacyOptOutCookie(optedOut: boolean): string {
  const maxAge = PRIVACY_OPT_OUT_DAYS * 24 * 60 * 60;
  return `${PRIVACY_OPT_OUT_COOKIE}=${optedOut ? 'true' : 'false'}; Max-Age=${maxAge}; Path=/; Secure; SameSite=Strict`;
}

/** accounts.md §4 "Analytics consent: undecided, granted, denied, not_applicable." */
export const ANALYTICS_CONSENT_STATES = ['undecided', 'granted', 'denied', 'not_applicable'] as const;
export type AnalyticsConsent = (typeof ANALYTICS_CONSENT_STATES)[number];

/**
 * The European regions where tracking is denied until the visitor decides: the EU and EEA members, the
 * United Kingdom and Switzerland (the spec lists them without naming them; decision 017).
 */
export const CONSENT_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'GB',
  'CH',
] as const;

/** The consent before any choice: undecided in the listed European regions, not_applicable elsewhere. */
export function initialAnalyticsConsent(country: string | null | undefined): AnalyticsConsent {
  return country && (CONSENT_COUNTRIES as readonly string[]).includes(country.toUpperCase())
    ? 'undecided'
    : 'not_applicable';
}

/** Whether analytics may run: "Defaults deny tracking in listed European regions and grant elsewhere." */
export function isTrackingAllowed(consent: AnalyticsConsent): boolean {
  return consent === 'granted' || consent === 'not_applicable';
}
