import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { serviceAccountsKeys } from './get-service-accounts';

/** DELETE /v1/service-accounts/{id}: its keys stop working at once. */
export function deleteServiceAccount(id: string) {
  return api.delete<{ status: 'ok' }>(`/v1/service-accounts/${encodeURIComponent(id)}`);
}

export function useDeleteServiceAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceAccountsKeys.all }),
  });
}
