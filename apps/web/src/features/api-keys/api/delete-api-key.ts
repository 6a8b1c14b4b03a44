import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';

import { apiKeysKeys, apiKeysPath } from './get-api-keys';

/** DELETE /v1/service-accounts/{user_id}/api-keys/{key_id}. */
export function deleteApiKey(userId: string, keyId: string) {
  return api.delete<unknown>(`${apiKeysPath(userId)}/${encodeURIComponent(keyId)}`);
}

export function useDeleteApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => deleteApiKey(userId, keyId),
    onError: (error) => showErrorToast(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
