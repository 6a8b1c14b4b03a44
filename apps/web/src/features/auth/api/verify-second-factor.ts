import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/auth';

export type SecondFactorMethod = 'totp' | 'sms' | 'backup';
export type SecondFactorInput = { method: SecondFactorMethod; code: string };

const VERIFY_PATHS: Record<SecondFactorMethod, string> = {
  totp: '/api/auth/two-factor/verify-totp',
  sms: '/api/auth/two-factor/verify-otp',
  backup: '/api/auth/two-factor/verify-backup-code',
};

/**
 * The second sign-in step: POST /api/auth/two-factor/verify-totp, verify-otp (the texted code) or
 * verify-backup-code with the challenge cookie the password step set; success sets the session cookie.
 */
export function verifySecondFactor({ method, code }: SecondFactorInput) {
  return api.post<unknown>(VERIFY_PATHS[method], { code: code.trim() });
}

/** Texts a sign-in code to the enrolled phone (POST /api/auth/two-factor/send-otp, challenge cookie). */
export function sendSignInCode() {
  return api.post<unknown>('/api/auth/two-factor/send-otp', {});
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: () => refreshSession(queryClient),
  });
}
