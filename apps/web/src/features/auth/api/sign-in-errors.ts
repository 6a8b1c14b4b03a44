import { isHttpError } from '@/lib/api-client';

import type { SecondFactorMethod } from './verify-second-factor';

/** Sign-in failure texts of accounts.md §8, word for word (the banned notice's wording is the server's). */
export const SIGN_IN_ERRORS = {
  invalidCredentials: 'No user is found with the provided credentials',
  tooManyAttempts: 'Too many sign-in attempts, please try again in a few minutes.',
  notVerified:
    'Your email address has not been verified yet. Please follow the link in the email we sent you.',
  disabled: 'Your account has been disabled by an administrator in your workspace.',
  deleted: 'Your account has been deleted.',
  banned: 'Your account has been suspended for violating our prohibited use policy.',
  unknown: 'Unable to sign in',
} as const;

export type SignInFailure = keyof typeof SIGN_IN_ERRORS;

// The server's codes (better-auth's and ours, see apps/server/src/auth/auth-hooks.ts) for each case.
const CODES: Record<string, SignInFailure> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalidCredentials',
  USER_NOT_FOUND: 'invalidCredentials',
  INVALID_PASSWORD: 'invalidCredentials',
  INVALID_CREDENTIAL: 'invalidCredentials',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'invalidCredentials',
  TOO_MANY_REQUESTS: 'tooManyAttempts',
  EMAIL_NOT_VERIFIED: 'notVerified',
  ACCOUNT_DISABLED: 'disabled',
  USER_DISABLED: 'disabled',
  ACCOUNT_DELETED: 'deleted',
  USER_DELETED: 'deleted',
  BANNED_USER: 'banned',
};

/** Which row of the sign-in failure table an error is. */
export function signInFailure(error: unknown): SignInFailure {
  if (!isHttpError(error)) return 'unknown';
  const known = CODES[error.errorType.toUpperCase()];
  if (known) return known;
  if (error.status === 429) return 'tooManyAttempts';
  if (error.status === 401) return 'invalidCredentials';
  return 'unknown';
}

/** The toast text for a failed email/password sign-in. */
export function signInErrorMessage(error: unknown): string {
  const failure = signInFailure(error);
  // The server words the banned and not-verified notices; fall back to ours.
  if ((failure === 'banned' || failure === 'notVerified') && isHttpError(error) && error.message)
    return error.message;
  return SIGN_IN_ERRORS[failure];
}

/** The label of the suspended-account notice's appeal link. */
export const APPEAL_LABEL = 'Appeal';

/**
 * accounts.md §6 "Suspended accounts see a notice ... with an appeal link": the link the server sends with
 * a banned sign-in failure (detail.appeal_url, set by APPEAL_URL), if it is a web or mail address.
 */
export function appealUrl(error: unknown): string | null {
  if (!isHttpError(error) || signInFailure(error) !== 'banned') return null;
  const payload = error.payload as { detail?: { appeal_url?: unknown } } | null;
  const url = payload?.detail?.appeal_url;
  return typeof url === 'string' && /^(https?:|mailto:)/i.test(url) ? url : null;
}

/** Second-factor failure texts of accounts.md §8, word for word. */
export const TWO_FACTOR_ERRORS = {
  tooManyAttempts: SIGN_IN_ERRORS.tooManyAttempts,
  unknown: 'An unknown error occurred with Two-Factor Authentication, please try again.',
} as const;

// better-auth's twoFactor codes that mean "too many": the challenge's 5 tries (400) or the account's
// lockout after 10 failures (429). A wrong code (401 INVALID_CODE, INVALID_BACKUP_CODE), a used-up or
// expired texted code (400 OTP_HAS_EXPIRED) and a gone challenge get the unknown-error text.
const TOO_MANY_CODES = new Set([
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  'ACCOUNT_TEMPORARILY_LOCKED',
  'TOO_MANY_REQUESTS',
]);

/** The toast text for a failed second factor: too many attempts, or the unknown-error text. */
export function twoFactorErrorMessage(error: unknown): string {
  if (isHttpError(error) && (TOO_MANY_CODES.has(error.errorType.toUpperCase()) || error.status === 429)) {
    return TWO_FACTOR_ERRORS.tooManyAttempts;
  }
  return TWO_FACTOR_ERRORS.unknown;
}

/**
 * Whether the sign-in must start over with the password: the two-factor challenge ended. Measured against
 * better-auth (apps/server/src/features/two-factor/second-factor-failures.routes.test.ts):
 * INVALID_TWO_FACTOR_COOKIE means no challenge (expired, or ended); TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE
 * ends the challenge after an authenticator or backup code, but after a texted code only that code is
 * used up: the challenge goes on and "Resend code" texts a new one that signs in.
 */
export function twoFactorChallengeEnded(error: unknown, method: SecondFactorMethod): boolean {
  if (!isHttpError(error)) return false;
  const code = error.errorType.toUpperCase();
  return (
    code === 'INVALID_TWO_FACTOR_COOKIE' ||
    (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' && method !== 'sms')
  );
}
