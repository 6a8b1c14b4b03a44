import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth';

import { userKeys } from './get-user';

/** POST /api/auth/two-factor/verify-totp while signed in: the first code turns the factor on. */
export function confirmTwoFactor(code: string) {
  return api.post<unknown>('/api/auth/two-factor/verify-totp', { code: code.trim() });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    // The server rotates the session cookie; reload what depends on it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: userKeys.me }),
      ]),
  });
}
