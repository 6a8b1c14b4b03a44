import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { serviceAccountsKeys } from './get-service-accounts';

/** POST /v1/service-accounts. */
export function createServiceAccount(name: string) {
  return api.post<{ 'service-account-user-id': string }>('/v1/service-accounts', { name });
}

export function useCreateServiceAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceAccountsKeys.all }),
  });
}
