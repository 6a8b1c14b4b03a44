import { api } from '@/lib/api-client';

/** The calls the action-link page makes with the code from the link (accounts.md §4). */

/** Verifies an email address with the code from the verification mail. */
export function verifyEmail(code: string): Promise<unknown> {
  return api.get('/api/auth/verify-email', { params: { token: code } });
}

/** Checks a password-reset code without using it; returns the account's email. */
export function checkPasswordResetCode(code: string): Promise<{ email: string }> {
  return api.post<{ email: string }>('/v1/user/check-password-reset-code', { code });
}

/** Sets a new password with the reset code (which is then used up). */
export function confirmPasswordReset(code: string, newPassword: string): Promise<unknown> {
  return api.post('/api/auth/reset-password', { token: code, newPassword });
}

/** Opts the mail's recipient out of product updates. */
export function optOutOfUpdates(key: string): Promise<unknown> {
  return api.post('/v1/user/opt-out-of-updates', { opt_out_updates_key: key });
}

/** Grants support access with the code from the support mail (POST sign-in-requests/verify). */
export function verifySignInRequest(code: string): Promise<{ status: 'ok'; message: string }> {
  return api.post('/v1/user/sign-in-requests/verify', { sign_in_request_verification_code: code });
}

/**
 * Attaches a mailed internal verification code to the account with this email (accounts.md §4 "Sign-in":
 * "a stored internal code is attached to the account before signing in"); it marks the address verified.
 */
export function attachInternalCode(email: string, code: string): Promise<{ status: 'ok'; message: string }> {
  return api.post('/v1/user/attach-internal-code', { email, internal_code: code });
}
