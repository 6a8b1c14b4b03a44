import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMfaFactorsBody, UpdateMfaFactorsResponse } from '@vocalis/contracts/two-factor';

import { api } from '@/lib/api-client';

import { userKeys } from './get-user';

/**
 * POST /v1/user/update-mfa-factors: `{sms:{phone_number}}` texts a code, `{sms:{phone_number, code}}`
 * turns the phone factor on, `{sms:null, password}` removes it.
 */
export function updatePhoneFactor(body: UpdateMfaFactorsBody) {
  return api.post<UpdateMfaFactorsResponse>('/v1/user/update-mfa-factors', body);
}

export function useUpdatePhoneFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhoneFactor,
    onSuccess: (result) => {
      if (result.status === 'ok') void queryClient.invalidateQueries({ queryKey: userKeys.me });
    },
  });
}
