import { useMutation } from '@tanstack/react-query';
import type { PreSignUpBody } from '@vocalis/contracts/user-account';

import { api } from '@/lib/api-client';
import { signUpAttribution } from '@/lib/attribution';

export type SignUpInput = {
  email: string;
  password: string;
  name: string;
  /** The product-updates opt-in; registered with the location after the first sign-in. */
  agreesToProductUpdates: boolean;
  /** The marketplace token from the page's query string (gcp_jwt), if any. */
  gcpMarketplaceJwt: string | null;
};

/** POST /v1/user/pre-sign-up (no auth): what the browser knows before the account exists. */
export function preSignUp(body: PreSignUpBody): Promise<unknown> {
  return api.post('/v1/user/pre-sign-up', body);
}

/**
 * Pre-sign-up first (attribution, invite code, marketplace token, the opt-in); only when the server
 * accepts it, POST /api/auth/sign-up/email creates the account and mails a verification link (no session yet).
 */
export async function signUp(input: SignUpInput): Promise<unknown> {
  await preSignUp({
    email: input.email,
    account_metadata: { agrees_to_product_updates: input.agreesToProductUpdates },
    recaptcha_token: null,
    ...signUpAttribution(),
    gcp_marketplace_jwt: input.gcpMarketplaceJwt,
  });
  return api.post('/api/auth/sign-up/email', {
    email: input.email,
    password: input.password,
    name: input.name,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
