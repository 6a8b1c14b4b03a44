import { describe, expect, it } from 'vitest';
import {
  emailDomain,
  normalizeDomain,
  SSO_MESSAGES,
  ssoArrival,
  txtRecordName,
  txtRecordsProve,
  txtRecordValue,
} from './sso-rules';

describe('claimed domains', () => {
  it.each([
    ['Example.COM.', 'example.com'],
    [' sub.example.co.uk ', 'sub.example.co.uk'],
    ['localhost', null],
    ['-bad.com', null],
    ['exa_mple.com', null],
    ['10.0.0.1', null],
    ['a'.repeat(64) + '.com', null],
  ])('normalizes %j to %j', (input, out) => expect(normalizeDomain(input)).toBe(out));

  it.each([
    ['Ann@Acme.Example', 'acme.example'],
    ['no-at-sign', null],
    ['@acme.example', null],
  ])('takes the domain of %j', (input, out) => expect(emailDomain(input)).toBe(out));

  it('names the TXT record and proves the token only by an exact value (split strings joined)', () => {
    expect(txtRecordName('acme.example')).toBe('_vocalis-verification.acme.example');
    const value = txtRecordValue('tok123');
    expect(txtRecordsProve([['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]], 'tok123')).toBe(true);
    expect(txtRecordsProve([[value + 'x']], 'tok123')).toBe(false);
    expect(txtRecordsProve([], 'tok123')).toBe(false);
  });
});

describe('what an SSO sign-in does', () => {
  const base = { domainVerified: true, userExists: true, isMember: true, autoProvisioning: false };
  it.each([
    [
      { ...base, domainVerified: false },
      { kind: 'refuse', message: SSO_MESSAGES.domainNotVerified },
    ],
    [base, { kind: 'sign_in' }],
    [
      { ...base, isMember: false },
      { kind: 'refuse', message: SSO_MESSAGES.notMemberNoProvisioning },
    ],
    [
      { ...base, isMember: false, userExists: false },
      { kind: 'refuse', message: SSO_MESSAGES.noAccountNoProvisioning },
    ],
    [{ ...base, isMember: false, autoProvisioning: true }, { kind: 'join' }],
    [{ ...base, isMember: false, userExists: false, autoProvisioning: true }, { kind: 'create_and_join' }],
  ])('%j → %j', (input, out) => expect(ssoArrival(input)).toEqual(out));
});
