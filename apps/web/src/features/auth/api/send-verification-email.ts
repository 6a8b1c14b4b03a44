import { useMutation } from '@tanstack/react-query';
import type { OkResponse } from '@vocalis/contracts/user';

import { api } from '@/lib/api-client';

/** accounts.md §8: what the resend link shows once the mail is on its way. */
export const VERIFICATION_SENT =
  'We have sent you a new email with instructions on how to verify your account.';
/** accounts.md §8: "the server message or 'An error occured while sending the verification email.'" */
export const VERIFICATION_SEND_FAILED = 'An error occured while sending the verification email.';

/** POST /v1/user/send-verification-email (no auth); the continue address is the sign-in route. */
export function sendVerificationEmail(email: string): Promise<OkResponse> {
  return api.post<OkResponse>('/v1/user/send-verification-email', { email, continue_url: '/sign-in' });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
