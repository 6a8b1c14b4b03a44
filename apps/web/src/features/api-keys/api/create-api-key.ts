import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyBody, CreateApiKeyResponse } from '@vocalis/contracts/api-keys';

import { api } from '@/lib/api-client';

import { apiKeysKeys, apiKeysPath } from './get-api-keys';

/** POST /v1/service-accounts/{user_id}/api-keys; the answer holds the key, shown this once. */
export function createApiKey(userId: string, body: CreateApiKeyBody) {
  return api.post<CreateApiKeyResponse>(apiKeysPath(userId), body);
}

export function useCreateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
