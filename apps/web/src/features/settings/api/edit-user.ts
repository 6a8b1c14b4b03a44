import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@vocalis/contracts/user';
import type { EditUserBody } from '@vocalis/contracts/user-account';

import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/current-user';

/** POST /v1/user/edit. */
export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditUserBody) => api.post<User>('/v1/user/edit', body),
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}

/** DELETE /v1/user/delete: the account and its data are removed. */
export function deleteAccount() {
  return api.delete<{ status: 'ok'; message: string }>('/v1/user/delete');
}
