import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, EditApiKeyBody } from '@vocalis/contracts/api-keys';

import { api } from '@/lib/api-client';

import { apiKeysKeys, apiKeysPath } from './get-api-keys';

/** PATCH /v1/service-accounts/{user_id}/api-keys/{key_id}. */
export function editApiKey(userId: string, keyId: string, body: EditApiKeyBody) {
  return api.patch<ApiKey>(`${apiKeysPath(userId)}/${encodeURIComponent(keyId)}`, body);
}

export function useEditApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ keyId, body }: { keyId: string; body: EditApiKeyBody }) => editApiKey(userId, keyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
