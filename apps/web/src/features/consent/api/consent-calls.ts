import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrainingOptOut, VisitorPrivacy } from '@vocalis/contracts/consent';
import type { User } from '@vocalis/contracts/user';

import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/current-user';

/** GET /v1/privacy/visitor (no auth): the privacy rules the server finds for this browser's request. */
export function useVisitorPrivacy() {
  return useQuery({
    queryKey: ['privacy', 'visitor'],
    queryFn: ({ signal }) => api.get<VisitorPrivacy>('/v1/privacy/visitor', { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /v1/user/accept-bipa-terms. */
export function useAcceptBipaTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<User>('/v1/user/accept-bipa-terms', {}),
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}

/** POST /v1/user/register-geolocation: the server looks the location up from this request. */
export function registerGeolocation(agreesToProductUpdates?: boolean) {
  return api.post<User>(
    '/v1/user/register-geolocation',
    agreesToProductUpdates === undefined ? {} : { agrees_to_product_updates: agreesToProductUpdates },
  );
}

/** POST /v1/user/edit-user-metadata with the privacy (CCPA) opt-out. */
export function saveCcpaOptOut(optOut: boolean) {
  return api.post<User>('/v1/user/edit-user-metadata', { ccpa_opt_out: optOut });
}

const trainingKey = ['workspace', 'training-opt-out'] as const;

export const trainingOptOutQueryOptions = () =>
  queryOptions({
    queryKey: trainingKey,
    queryFn: ({ signal }) => api.get<TrainingOptOut>('/v1/workspace/training-opt-out', { signal }),
  });

/** The current workspace's training opt-out and whether the caller may change it. */
export function useTrainingOptOut() {
  return useQuery(trainingOptOutQueryOptions());
}

export function useSetTrainingOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: boolean) =>
      api.post<TrainingOptOut>('/v1/workspace/training-opt-out', { training_opt_out: value }),
    onSuccess: (answer) => queryClient.setQueryData(trainingKey, answer),
  });
}
