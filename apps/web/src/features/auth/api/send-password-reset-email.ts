import { useMutation } from '@tanstack/react-query';
import type { OkResponse } from '@vocalis/contracts/user';

import { api } from '@/lib/api-client';

/** accounts.md §8: "the server message or 'An error occured while requesting the password change.'" */
export const RESET_REQUEST_FAILED = 'An error occured while requesting the password change.';

/** POST /v1/user/send-password-reset-email (no auth); the answer is the same whether or not the account exists. */
export function sendPasswordResetEmail(email: string): Promise<OkResponse> {
  return api.post<OkResponse>('/v1/user/send-password-reset-email', { email, continue_url: '/sign-in' });
}

export function useSendPasswordResetEmail() {
  return useMutation({ mutationFn: sendPasswordResetEmail });
}
