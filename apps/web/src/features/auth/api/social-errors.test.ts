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
