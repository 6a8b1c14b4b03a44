import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type SignUpInput = { email: string; password: string; name: string };

/** POST /api/auth/sign-up/email: creates the account and mails a verification link (no session yet). */
export function signUp(input: SignUpInput): Promise<unknown> {
  return api.post('/api/auth/sign-up/email', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
