/**
 * Internal verification codes and email-access verification for sensitive actions (accounts.md §2
 * "Other URL parameters read by the shell", §4 "Sign-in", §5 "Email-access verification").
 */

/** The spec's text for a verified email access (§5), and our wording where the spec shows none. */
export const ACCOUNT_VERIFICATION_MESSAGES = {
  emailAccessVerified: 'Email access verified. Please try the action again.',
  // Not worded by the spec:
  emailAccessRequired:
    'For your security, please confirm this action: we have sent you an email with a link. Open it, then try again.',
  emailAccessRequiredNoMail:
    'For your security, please confirm this action with the link we recently sent you by email, then try again.',
  invalidCode: 'The verification code is invalid, has expired or was already used.',
  emailMismatch: 'You can only prepare a verification for your own email address.',
  /** The 'verified' toast after a sign-in that attached an internal code (§4); the §8 text. */
  emailVerified: 'Your email address was successfully verified.',
} as const;

/** Error code of the 403 answer to a sensitive action that needs a fresh sign-in or email access. */
export const EMAIL_ACCESS_REQUIRED = 'email_access_verification_required';

/** How long a sign-in, or a verified email access, lets the session perform sensitive actions. */
export const SENSITIVE_ACTION_WINDOW_MS = 10 * 60 * 1000;

/** How long an internal verification code can be attached. */
export const INTERNAL_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** How long a mailed email-access (sensitive-action) code can be used. */
export const SENSITIVE_ACTION_CODE_TTL_MS = 30 * 60 * 1000;

/**
 * Whether a session may perform a sensitive action at `now`: it was signed in less than
 * `SENSITIVE_ACTION_WINDOW_MS` ago, or it verified email access less than that ago. A time in the
 * future (clock skew) counts as now.
 */
export function isSensitiveActionAllowed(input: {
  now: Date;
  sessionCreatedAt: Date;
  emailAccessVerifiedAt: Date | null;
}): boolean {
  const within = (at: Date | null) =>
    at !== null && input.now.getTime() - at.getTime() < SENSITIVE_ACTION_WINDOW_MS;
  return within(input.sessionCreatedAt) || within(input.emailAccessVerifiedAt);
}

/**
 * What the shell does with the URL (§2): "When the URL has newUser false and internalCode, the internal
 * code is redeemed (or reverted when isReverting is set)". Null: nothing to do.
 */
export function shellInternalCodeAction(
  search: URLSearchParams,
): { kind: 'redeem' | 'revert'; code: string } | null {
  const code = search.get('internalCode');
  if (search.get('newUser') !== 'false' || !code) return null;
  return { kind: search.get('isReverting') === 'true' ? 'revert' : 'redeem', code };
}

/** The URL parameter (and, from the action page, the stored value) carrying an email-access code. */
export const SENSITIVE_ACTION_CODE_PARAM = 'sensitiveActionVerificationCode';
