import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@vocalis/contracts/user';

import { api } from './api-client';
import { setCurrentUser } from './current-user';

const base = '/v1/user/onboarding-checklist';

/** The checklist calls of accounts.md §7 (shared by the start page and the checklist page); each answers the updated user. */
export const checklistCalls = {
  initiate: () => api.post<User>(`${base}/initiate`, {}),
  update: (itemId: string) => api.post<User>(`${base}/update`, { item_id: itemId }),
  hide: () => api.post<User>(`${base}/hide`, {}),
  markComplete: () => api.post<User>(`${base}/mark-complete`, {}),
};

/** One checklist call as a mutation that puts the answered user into the cache. */
export function useChecklistCall<A extends unknown[]>(call: (...args: A) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => call(...args),
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}
