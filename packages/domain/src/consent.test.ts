import { describe, expect, it } from 'vitest';
import {
  ccpaOptOutApplies,
  formatGeoLocation,
  initialAnalyticsConsent,
  isBipaRegion,
  isTrackingAllowed,
  needsBipaTerms,
  parseGeoLocation,
  privacyOptOutCookie,
} from './consent';

describe('geo_location', () => {
  it.each([
    [{ country: 'US', region: 'IL', city: 'Chicago' }, 'US-IL'],
    [{ country: 'ca', region: 'qc', city: null }, 'CA-QC'],
    [{ country: 'US', region: '', city: null }, 'US'],
    [{ country: null, region: 'IL', city: null }, null],
    [null, null],
  ])('formats %j as %j', (location, expected) => {
    expect(formatGeoLocation(location)).toBe(expected);
  });

  it.each([
    ['US-IL', { country: 'US', region: 'IL' }],
    ['us-tx', { country: 'US', region: 'TX' }],
    ['DE', { country: 'DE', region: null }],
    ['Chicago', { country: null, region: null }],
    [null, { country: null, region: null }],
  ])('parses %j', (geo, expected) => {
    expect(parseGeoLocation(geo)).toEqual(expected);
  });
});

// "Illinois requires acceptance; the stricter set of regions is Illinois, Texas, Washington and Quebec in Canada."
describe('biometric terms (BIPA)', () => {
  it.each([
    ['US-IL', true],
    ['US-TX', true],
    ['US-WA', true],
    ['CA-QC', true],
    ['US-CA', false],
    ['CA-ON', false],
    ['US', false],
    ['QC', false],
    [null, false],
  ])('%j is a BIPA region: %s', (geo, expected) => {
    expect(isBipaRegion(geo)).toBe(expected);
  });

  it.each([
    ['US-IL', false, true],
    ['US-IL', true, false],
    ['CA-QC', false, true],
    ['FR', false, false],
    [null, false, false],
  ])('shows the Updated Terms modal for %j (accepted %s): %s', (geo, accepted, expected) => {
    expect(needsBipaTerms({ geo_location: geo, accepted_bipa_terms: accepted })).toBe(expected);
  });
});

// "applies to visitors in the US states ca, ct, co, ut, va, or, mt, tx, or when a global privacy control signal is set"
describe('privacy (CCPA) opt-out', () => {
  it.each(['US-CA', 'US-CT', 'US-CO', 'US-UT', 'US-VA', 'US-OR', 'US-MT', 'US-TX'])(
    'applies in %s',
    (geo) => {
      expect(ccpaOptOutApplies({ geo_location: geo, gpc: false })).toBe(true);
    },
  );

  it.each([
    ['US-NY', false, false],
    ['US', false, false],
    ['CA-ON', false, false],
    [null, false, false],
    [null, true, true],
    ['DE', true, true],
  ])('%j with GPC %s: %s', (geo, gpc, expected) => {
    expect(ccpaOptOutApplies({ geo_location: geo, gpc })).toBe(expected);
  });

  it('stores a cookie valid 360 days, secure, strict', () => {
    expect(privacyOptOutCookie(true)).toBe(
      `xi_ccpa_opt_out=true; Max-Age=${360 * 86400}; Path=/; Secure; SameSite=Strict`,
    );
  });
});

// "Defaults deny tracking in listed European regions and grant elsewhere."
describe('analytics consent', () => {
  it.each([
    ['DE', 'undecided', false],
    ['fr', 'undecided', false],
    ['GB', 'undecided', false],
    ['CH', 'undecided', false],
    ['NO', 'undecided', false],
    ['US', 'not_applicable', true],
    ['JP', 'not_applicable', true],
    [null, 'not_applicable', true],
  ])('starts in %j as %s (tracking %s)', (country, consent, tracking) => {
    expect(initialAnalyticsConsent(country)).toBe(consent);
    expect(isTrackingAllowed(initialAnalyticsConsent(country))).toBe(tracking);
  });

  it.each([
    ['granted', true],
    ['denied', false],
    ['undecided', false],
    ['not_applicable', true],
  ] as const)('%s allows tracking: %s', (consent, expected) => {
    expect(isTrackingAllowed(consent)).toBe(expected);
  });
});
