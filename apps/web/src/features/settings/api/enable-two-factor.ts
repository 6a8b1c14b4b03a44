import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type EnableTwoFactorResult = { totpURI: string; backupCodes: string[] };

/** POST /api/auth/two-factor/enable: a new authenticator secret (otpauth URI) and backup codes, not active until verified. */
export function enableTwoFactor(password: string) {
  return api.post<EnableTwoFactorResult>('/api/auth/two-factor/enable', { password });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
