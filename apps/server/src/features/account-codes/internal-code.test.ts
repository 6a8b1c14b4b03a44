import { describe, expect, it } from 'vitest';
import { signInternalCode, verifyInternalCode } from './internal-code';

const secret = 'test-secret-of-some-length-0123456789';
const now = new Date('2026-01-01T00:00:00Z');

describe('signed internal verification codes', () => {
  it('verifies for the address it was minted for until it expires (24 hours)', () => {
    const code = signInternalCode(secret, 'Ann@Example.com', now);
    expect(verifyInternalCode(secret, 'ann@example.com', code, now)?.toISOString()).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(
      verifyInternalCode(secret, 'ann@example.com', code, new Date('2026-01-01T23:59:59Z')),
    ).not.toBeNull();
    expect(verifyInternalCode(secret, 'ann@example.com', code, new Date('2026-01-02T00:00:00Z'))).toBeNull();
  });

  it('refuses another address, another secret, a changed expiry and garbage', () => {
    const code = signInternalCode(secret, 'ann@example.com', now);
    expect(verifyInternalCode(secret, 'bob@example.com', code, now)).toBeNull();
    expect(verifyInternalCode('another-secret', 'ann@example.com', code, now)).toBeNull();
    const [nonce, exp, sig] = code.split('.') as [string, string, string];
    const later = (parseInt(exp, 36) + 3600).toString(36);
    expect(verifyInternalCode(secret, 'ann@example.com', `${nonce}.${later}.${sig}`, now)).toBeNull();
    expect(verifyInternalCode(secret, 'ann@example.com', 'not-a-code', now)).toBeNull();
    expect(verifyInternalCode(secret, 'ann@example.com', '', now)).toBeNull();
  });

  it('mints a different code for every mail', () => {
    expect(signInternalCode(secret, 'a@example.com', now)).not.toBe(
      signInternalCode(secret, 'a@example.com', now),
    );
  });
});
