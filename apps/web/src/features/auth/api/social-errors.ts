import { SIGN_IN_ERRORS } from './sign-in-errors';

/** accounts.md §8 "account exists with different credentials". */
export const ACCOUNT_EXISTS_TITLE = 'Account exists with different credentials';

/** The provider's error codes that mean the user backed out: the spec keeps these silent. */
const SILENT = new Set(['POPUP_CLOSED', 'ACCESS_DENIED', 'CANCELLED', 'USER_CANCELLED_AUTHORIZE']);

// Codes whose text is the spec's own (the server sends the same words as description).
const KNOWN: Record<string, string> = {
  ACCOUNT_DISABLED: SIGN_IN_ERRORS.disabled,
  ACCOUNT_DELETED: SIGN_IN_ERRORS.deleted,
  TOO_MANY_REQUESTS: SIGN_IN_ERRORS.tooManyAttempts,
};
// Codes whose text is the server's (banned notice, workspace policy).
const SERVER_WORDED = new Set([
  'BANNED_USER',
  'SOCIAL_PROVIDER_DISALLOWED',
  'EMAIL_PASSWORD_SIGN_IN_DISABLED',
]);

export type SocialFailure =
  | { kind: 'silent' }
  | { kind: 'accountExists' }
  /** The account has a second factor: the provider step is done, the code step follows (decision 026). */
  | { kind: 'twoFactor'; methods: string[] }
  | { kind: 'toast'; message: string; appealUrl?: string };

/**
 * What to show for a failed social sign-in: nothing, the different-credentials dialog, or a toast. A banned
 * account's notice carries the appeal link (accounts.md §6) when `appealUrl` (GET /v1/sign-in-providers'
 * appeal_url) is a web or mail address: the provider's refusal itself has only a code and a message.
 */
export function socialFailure(
  code: string,
  description: string | undefined,
  providerName: string,
  appealUrl?: string | null,
): SocialFailure {
  const upper = code.toUpperCase();
  if (SILENT.has(upper)) return { kind: 'silent' };
  if (upper === 'ACCOUNT_NOT_LINKED') return { kind: 'accountExists' };
  if (upper === 'TWO_FACTOR_REQUIRED') {
    // The server names the methods in the description ("totp", "otp" or "totp,otp").
    const methods = (description ?? '').split(',').filter((m) => m === 'totp' || m === 'otp');
    return { kind: 'twoFactor', methods: methods.length ? methods : ['totp'] };
  }
  if (KNOWN[upper]) return { kind: 'toast', message: KNOWN[upper] };
  if (upper === 'BANNED_USER' && description && appealUrl && /^(https?:|mailto:)/i.test(appealUrl)) {
    return { kind: 'toast', message: description, appealUrl };
  }
  if (SERVER_WORDED.has(upper) && description) return { kind: 'toast', message: description };
  return { kind: 'toast', message: `Unable to login with ${providerName}.` };
}
