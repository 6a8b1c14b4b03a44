import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListServiceAccountsResponse } from '@vocalis/contracts/service-accounts';

import { api } from '@/lib/api-client';

export const serviceAccountsKeys = { all: ['service-accounts'] as const };

/** GET /v1/service-accounts: the workspace's service accounts with their keys. */
export function getServiceAccounts(signal?: AbortSignal) {
  return api.get<ListServiceAccountsResponse>('/v1/service-accounts', { signal });
}

export const serviceAccountsQueryOptions = () =>
  queryOptions({
    queryKey: serviceAccountsKeys.all,
    queryFn: ({ signal }) => getServiceAccounts(signal),
    select: (data) => data['service-accounts'],
  });

export function useServiceAccounts() {
  return useQuery(serviceAccountsQueryOptions());
}
