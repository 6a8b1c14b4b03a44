import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type EnableTwoFactorResult = { totpURI: string; backupCodes: string[] };

/**
 * POST /api/auth/two-factor/enable: a new authenticator secret (otpauth URI) and backup codes, not active
 * until verified. Without a password (social sign-in account) the server wants a fresh session instead.
 */
export function enableTwoFactor(password: string | undefined) {
  return api.post<EnableTwoFactorResult>(
    '/api/auth/two-factor/enable',
    password === undefined ? {} : { password },
  );
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
