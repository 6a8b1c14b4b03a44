import { describe, expect, it } from 'vitest';
import { appleUserInfo } from './social-providers';

const idToken = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe("Apple's profile: the ID token, and the name Apple posts once", () => {
  it("takes the name from the first authorization's `user` field", () => {
    const info = appleUserInfo({
      idToken: idToken({ sub: '001.abc', email: 'ada@example.com', email_verified: 'true' }),
      user: { name: { firstName: ' Ada ', lastName: 'Lovelace' }, email: 'ada@example.com' },
    });
    expect(info).toMatchObject({
      id: '001.abc',
      sub: '001.abc',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
  });

  it('falls back to the address without a `user` field (every later sign-in)', () => {
    const info = appleUserInfo({
      idToken: idToken({ sub: '001.abc', email: 'ada@privaterelay.appleid.com', email_verified: true }),
    });
    expect(info).toMatchObject({ name: 'ada', emailVerified: true, given_name: undefined });
  });

  it('has no profile without an ID token or a subject', () => {
    expect(appleUserInfo({})).toBeNull();
    expect(appleUserInfo({ idToken: idToken({ email: 'x@example.com' }) })).toBeNull();
  });
});
