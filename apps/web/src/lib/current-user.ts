import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '@vocalis/contracts/user';

import { api } from './api-client';
import { useLiveCollection } from './live';

/** The query key of GET /v1/user, shared by every feature that reads the signed-in user. */
export const currentUserKey = ['user', 'me'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => api.get<User>('/v1/user', { signal }),
  });

/** GET /v1/user (accounts.md §3). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** Puts a user that a call answered into the cache, so every reader sees it at once. */
export function setCurrentUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(currentUserKey, user);
}

/** Keeps the cached user in step with the server's live 'user' documents (checklist steps, consent). */
export function useLiveCurrentUser(): void {
  const queryClient = useQueryClient();
  useLiveCollection(
    'user',
    (change) => {
      if (change.op === 'update' && change.data)
        queryClient.setQueryData(currentUserKey, change.data as User);
      else void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    // A change between the first load and the subscription (an onboarding step done right after the
    // page opened) was not pushed: refetch once subscribed.
    () => void queryClient.invalidateQueries({ queryKey: currentUserKey }),
  );
}
