import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailResponse } from '@vocalis/contracts/account-codes';

import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';

/** POST /v1/user/send-email-change-verification: mails a confirmation link to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (newEmail: string) =>
      api.post<{ status: 'ok'; message: string }>('/v1/user/send-email-change-verification', {
        new_email: newEmail.trim(),
      }),
  });
}

/** PUT /v1/user/email?verification_code&is_reverting: uses a mailed code. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, isReverting }: { code: string; isReverting: boolean }) =>
      api.put<ChangeEmailResponse>('/v1/user/email', undefined, {
        params: { verification_code: code, is_reverting: isReverting ? 'true' : undefined },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
