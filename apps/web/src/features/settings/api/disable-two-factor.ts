import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { userKeys } from './get-user';

/** POST /api/auth/two-factor/disable with the account password (none for an account without one). */
export function disableTwoFactor(password: string | undefined) {
  return api.post<unknown>('/api/auth/two-factor/disable', password === undefined ? {} : { password });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me }),
  });
}
