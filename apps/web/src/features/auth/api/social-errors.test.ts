import { describe, expect, it } from 'vitest';

import { socialFailure } from './social-errors';

describe('socialFailure (accounts.md §8 for social sign-in)', () => {
  it.each([
    ['POPUP_CLOSED', undefined, { kind: 'silent' }],
    ['access_denied', undefined, { kind: 'silent' }],
    ['account_not_linked', undefined, { kind: 'accountExists' }],
    [
      'ACCOUNT_DISABLED',
      'x',
      { kind: 'toast', message: 'Your account has been disabled by an administrator in your workspace.' },
    ],
    ['ACCOUNT_DELETED', 'x', { kind: 'toast', message: 'Your account has been deleted.' }],
    [
      'SOCIAL_PROVIDER_DISALLOWED',
      'Use another provider.',
      { kind: 'toast', message: 'Use another provider.' },
    ],
    ['BANNED_USER', 'Suspended.', { kind: 'toast', message: 'Suspended.' }],
    ['invalid_code', undefined, { kind: 'toast', message: 'Unable to login with Google.' }],
    ['SOCIAL_PROVIDER_DISALLOWED', undefined, { kind: 'toast', message: 'Unable to login with Google.' }],
  ] as const)('%s → %j', (code, description, expected) => {
    expect(socialFailure(code, description, 'Google')).toEqual(expected);
  });
});

describe('socialFailure: a suspended account (accounts.md §6 "with an appeal link")', () => {
  it('carries the appeal link of GET /v1/sign-in-providers to the notice', () => {
    expect(socialFailure('BANNED_USER', 'Suspended.', 'Google', 'https://vocalis.test/appeal')).toEqual({
      kind: 'toast',
      message: 'Suspended.',
      appealUrl: 'https://vocalis.test/appeal',
    });
    expect(socialFailure('banned_user', 'Suspended.', 'Apple', 'mailto:appeals@vocalis.test')).toEqual({
      kind: 'toast',
      message: 'Suspended.',
      appealUrl: 'mailto:appeals@vocalis.test',
    });
  });

  it('leaves out a link that is not a web or mail address, or missing', () => {
    for (const url of ['javascript:alert(1)', '', undefined, null]) {
      expect(socialFailure('BANNED_USER', 'Suspended.', 'Google', url)).toEqual({
        kind: 'toast',
        message: 'Suspended.',
      });
    }
  });

  it('gives no appeal link to other failures', () => {
    expect(socialFailure('SOCIAL_PROVIDER_DISALLOWED', 'Use another.', 'Google', 'https://x.test')).toEqual({
      kind: 'toast',
      message: 'Use another.',
    });
  });
});

describe('socialFailure: an account with a second factor (decision 026)', () => {
  it.each([
    ['totp', ['totp']],
    ['otp', ['otp']],
    ['totp,otp', ['totp', 'otp']],
    [undefined, ['totp']],
    ['nonsense', ['totp']],
  ] as const)('TWO_FACTOR_REQUIRED with %s asks for %j', (description, methods) => {
    expect(socialFailure('TWO_FACTOR_REQUIRED', description, 'Google')).toEqual({
      kind: 'twoFactor',
      methods,
    });
  });
});
