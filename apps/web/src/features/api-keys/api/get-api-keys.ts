import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListApiKeysResponse } from '@vocalis/contracts/api-keys';

import { api } from '@/lib/api-client';

export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: (userId: string) => ['api-keys', userId] as const,
};

/** The base path of a user's keys (the user is their own service account, decision 009). */
export const apiKeysPath = (userId: string) => `/v1/service-accounts/${encodeURIComponent(userId)}/api-keys`;

/** GET /v1/service-accounts/{user_id}/api-keys. */
export function getApiKeys(userId: string, signal?: AbortSignal) {
  return api.get<ListApiKeysResponse>(apiKeysPath(userId), { signal });
}

export const apiKeysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: apiKeysKeys.list(userId),
    queryFn: ({ signal }) => getApiKeys(userId, signal),
    select: (data) => data['api-keys'],
  });

export function useApiKeys(userId: string) {
  return useQuery(apiKeysQueryOptions(userId));
}
