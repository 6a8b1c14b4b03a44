import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type AlphaAccess = { has_alpha_access: boolean; requested: boolean };

const key = ['user', 'alpha-access'] as const;

/** GET /v1/user/has-alpha-access. */
export const alphaAccessQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api.get<AlphaAccess>('/v1/user/has-alpha-access', { signal }),
  });

export function useAlphaAccess() {
  return useQuery(alphaAccessQueryOptions());
}

/** POST /v1/user/request-alpha-access. */
export function useRequestAlphaAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AlphaAccess>('/v1/user/request-alpha-access', {}),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
