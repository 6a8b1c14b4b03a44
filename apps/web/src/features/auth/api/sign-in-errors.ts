import { isHttpError } from '@/lib/api-client';

/** Sign-in failure texts of accounts.md §8, word for word. */
export const SIGN_IN_ERRORS = {
  invalidCredentials: 'No user is found with the provided credentials',
  tooManyAttempts: 'Too many sign-in attempts, please try again in a few minutes.',
  disabled: 'Your account has been disabled by an administrator in your workspace.',
  deleted: 'Your account has been deleted.',
  unknown: 'Unable to sign in',
} as const;

// better-auth error codes (and our server's) for each case.
const INVALID_CREDENTIAL_CODES = new Set([
  'INVALID_EMAIL_OR_PASSWORD',
  'USER_NOT_FOUND',
  'INVALID_PASSWORD',
  'INVALID_CREDENTIAL',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
]);
const DISABLED_CODES = new Set(['ACCOUNT_DISABLED', 'USER_DISABLED']);
const DELETED_CODES = new Set(['ACCOUNT_DELETED', 'USER_DELETED']);

/** The toast text for a failed email/password sign-in. */
export function signInErrorMessage(error: unknown): string {
  if (!isHttpError(error)) return SIGN_IN_ERRORS.unknown;
  const code = error.errorType.toUpperCase();
  if (error.status === 429 || code === 'TOO_MANY_REQUESTS') return SIGN_IN_ERRORS.tooManyAttempts;
  if (INVALID_CREDENTIAL_CODES.has(code)) return SIGN_IN_ERRORS.invalidCredentials;
  if (DISABLED_CODES.has(code)) return SIGN_IN_ERRORS.disabled;
  if (DELETED_CODES.has(code)) return SIGN_IN_ERRORS.deleted;
  // The spec leaves the banned notice's wording to the server.
  if (code === 'BANNED_USER' && error.message) return error.message;
  if (error.status === 401) return SIGN_IN_ERRORS.invalidCredentials;
  return SIGN_IN_ERRORS.unknown;
}
