import { describe, expect, it } from 'vitest';

import { HttpError } from '@/lib/api-client';

import { SIGN_IN_ERRORS, appealUrl, signInErrorMessage, signInFailure } from './sign-in-errors';

describe('sign-in error texts (accounts.md §8)', () => {
  it('reports wrong credentials', () => {
    const error = new HttpError(401, 'Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD');
    expect(signInErrorMessage(error)).toBe('No user is found with the provided credentials');
  });

  it('reports too many attempts on 429', () => {
    expect(signInErrorMessage(new HttpError(429, 'Too many requests', 'unknown'))).toBe(
      'Too many sign-in attempts, please try again in a few minutes.',
    );
  });

  it('falls back to "Unable to sign in"', () => {
    expect(signInErrorMessage(new HttpError(500, 'boom', 'internal_error'))).toBe('Unable to sign in');
    expect(signInErrorMessage(new HttpError(0, 'Network error', 'network'))).toBe(SIGN_IN_ERRORS.unknown);
    expect(signInErrorMessage(new Error('x'))).toBe('Unable to sign in');
  });
});

describe('every server code of the sign-in failure table maps to its row', () => {
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 401, 'No user is found with the provided credentials'],
    ['TOO_MANY_REQUESTS', 429, 'Too many sign-in attempts, please try again in a few minutes.'],
    ['ACCOUNT_DISABLED', 403, 'Your account has been disabled by an administrator in your workspace.'],
    ['ACCOUNT_DELETED', 403, 'Your account has been deleted.'],
  ])('%s', (code, status, text) => {
    expect(signInErrorMessage(new HttpError(status, 'server text', code))).toBe(text);
  });

  it('shows the server wording for banned and not-verified accounts', () => {
    expect(signInErrorMessage(new HttpError(403, 'Suspended: appeal here', 'BANNED_USER'))).toBe(
      'Suspended: appeal here',
    );
    expect(signInFailure(new HttpError(403, 'Not verified', 'EMAIL_NOT_VERIFIED'))).toBe('notVerified');
  });
});

describe('the appeal link of a suspended account', () => {
  const banned = (appeal_url: unknown) =>
    new HttpError(403, 'Suspended', 'BANNED_USER', { detail: { status: 'BANNED_USER', appeal_url } });

  it.each([
    ['https://vocalis.test/appeal', 'https://vocalis.test/appeal'],
    ['mailto:appeals@vocalis.test', 'mailto:appeals@vocalis.test'],
    ['javascript:alert(1)', null],
    [undefined, null],
  ])('%s gives %s', (given, link) => {
    expect(appealUrl(banned(given))).toBe(link);
  });

  it('only comes with the banned row', () => {
    const disabled = new HttpError(403, 'Disabled', 'ACCOUNT_DISABLED', {
      detail: { status: 'ACCOUNT_DISABLED', appeal_url: 'https://vocalis.test/appeal' },
    });
    expect(appealUrl(disabled)).toBeNull();
  });
});
