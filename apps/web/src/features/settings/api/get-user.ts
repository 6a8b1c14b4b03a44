import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@vocalis/contracts/user';

import { api } from '@/lib/api-client';

export const userKeys = { me: ['user', 'me'] as const };

/** GET /v1/user. */
export function getUser(signal?: AbortSignal) {
  return api.get<User>('/v1/user', { signal });
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: userKeys.me, queryFn: ({ signal }) => getUser(signal) });

export function useCurrentUser() {
  return useQuery(userQueryOptions());
}
