import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@vocalis/contracts/user';

import { api } from '@/lib/api-client';

import { linkedAccountsQueryOptions } from './list-accounts';

/** POST /v1/user/set-password: a first password for an account made by social sign-in (a sensitive action). */
export function setPassword(newPassword: string) {
  return api.post<OkResponse>('/v1/user/set-password', { new_password: newPassword });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    // The account now has a password: security changes ask for it from here on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedAccountsQueryOptions().queryKey }),
  });
}
