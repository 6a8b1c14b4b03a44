import type { FindSsoProviderResponse } from '@vocalis/contracts/sso';

import { api } from '@/lib/api-client';

/** find-sso-provider (accounts.md §7): the workspace identity provider for this address, if any. */
export function findSsoProvider(email: string, inviteCode?: string | null): Promise<FindSsoProviderResponse> {
  return api.get<FindSsoProviderResponse>('/v1/workspace/find-sso-provider', {
    params: { email, ...(inviteCode ? { invite_code: inviteCode } : {}) },
  });
}

/** Sends the browser to the provider's sign-in; it comes back to `callbackPath` signed in. */
export function startSsoSignIn(found: FindSsoProviderResponse, callbackPath = '/app/home'): void {
  if (!found.sign_in_url) return;
  window.location.assign(`${found.sign_in_url}&callback_url=${encodeURIComponent(callbackPath)}`);
}
