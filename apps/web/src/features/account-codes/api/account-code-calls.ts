import type { ChangeEmailResponse } from '@vocalis/contracts/account-codes';

import { api } from '@/lib/api-client';

/** POST /v1/user/attach-internal-code: redeems an internal code for the signed-in user's address. */
export function redeemInternalCode(email: string, code: string): Promise<{ status: 'ok'; message: string }> {
  return api.post('/v1/user/attach-internal-code', { email, internal_code: code });
}

/** PUT /v1/user/email?verification_code&is_reverting=true: the revert link restores the previous address. */
export function revertEmail(code: string): Promise<ChangeEmailResponse> {
  return api.put<ChangeEmailResponse>('/v1/user/email', undefined, {
    params: { verification_code: code, is_reverting: 'true' },
  });
}

/** POST /v1/user/verify-sensitive-action-code: this session may do sensitive actions for ten minutes. */
export function verifySensitiveActionCode(code: string): Promise<{ status: 'ok'; message: string }> {
  return api.post('/v1/user/verify-sensitive-action-code', { code });
}
