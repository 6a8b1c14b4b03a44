import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/auth';

export type ChangePasswordInput = {
  currentPassword: string;
  newPassword: string;
  /** Signs out every other session; this one is replaced by a new session (a new cookie). */
  revokeOtherSessions: boolean;
};

/** POST /api/auth/change-password (better-auth; the server checks the spec's password rules). */
export function changePassword(input: ChangePasswordInput) {
  return api.post<unknown>('/api/auth/change-password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Signing out other devices gives this one a new session: the bearer token must follow it.
    onSuccess: (_, input) => (input.revokeOtherSessions ? refreshSession(queryClient) : undefined),
  });
}
