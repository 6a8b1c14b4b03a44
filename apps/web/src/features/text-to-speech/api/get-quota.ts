import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@vocalis/contracts/user';

import { api } from '@/lib/api-client';

export type Quota = { used: number; limit: number; remaining: number };

/**
 * GET /v1/user, read for the character quota only. Same query key as the settings feature's user query
 * (features never import each other), so both share one cache entry.
 */
export function getUser(signal?: AbortSignal) {
  return api.get<User>('/v1/user', { signal });
}

/** The quota when the subscription carries both numbers, else null (older servers). */
export function quotaOf(user: Pick<User, 'subscription'> | null | undefined): Quota | null {
  const sub = user?.subscription as Partial<User['subscription']> | undefined;
  if (typeof sub?.character_count !== 'number' || typeof sub.character_limit !== 'number') return null;
  return {
    used: sub.character_count,
    limit: sub.character_limit,
    remaining: Math.max(0, sub.character_limit - sub.character_count),
  };
}

export const quotaQueryKey = ['user', 'me'] as const;

export const quotaQueryOptions = () =>
  queryOptions({ queryKey: quotaQueryKey, queryFn: ({ signal }) => getUser(signal) });

export function useQuota() {
  const query = useQuery(quotaQueryOptions());
  return quotaOf(query.data);
}
