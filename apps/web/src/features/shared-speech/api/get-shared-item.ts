import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedItem } from '@vocalis/contracts/sharing';

import { api } from '@/lib/api-client';

/** GET /v1/shared/{share_id}: a shared generation, readable without signing in. */
export function getSharedItem(shareId: string, signal?: AbortSignal) {
  return api.get<SharedItem>(`/v1/shared/${encodeURIComponent(shareId)}`, { signal });
}

export const sharedItemQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: ['shared', shareId] as const,
    queryFn: ({ signal }) => getSharedItem(shareId, signal),
    retry: false,
  });

export function useSharedItem(shareId: string) {
  return useQuery(sharedItemQueryOptions(shareId));
}
