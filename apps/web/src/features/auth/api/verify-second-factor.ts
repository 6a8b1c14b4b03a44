import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/auth';

export type SecondFactorInput = { method: 'totp' | 'backup'; code: string };

/**
 * The second sign-in step: POST /api/auth/two-factor/verify-totp or verify-backup-code with the
 * challenge cookie the password step set; success sets the session cookie.
 */
export function verifySecondFactor({ method, code }: SecondFactorInput) {
  const path =
    method === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
  return api.post<unknown>(path, { code: code.trim() });
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: () => refreshSession(queryClient),
  });
}
