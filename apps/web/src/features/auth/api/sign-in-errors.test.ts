import { describe, expect, it } from 'vitest';

import { HttpError } from '@/lib/api-client';

import { SIGN_IN_ERRORS, signInErrorMessage } from './sign-in-errors';

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
