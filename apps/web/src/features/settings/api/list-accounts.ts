import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** One way to sign in linked to the account; `credential` is the email and password. */
export type LinkedAccount = { providerId: string };

/** GET /api/auth/list-accounts (better-auth): the account's sign-in methods. */
export function listAccounts(signal?: AbortSignal) {
  return api.get<LinkedAccount[] | null>('/api/auth/list-accounts', { signal });
}

export const linkedAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'linked-accounts'] as const,
    queryFn: ({ signal }) => listAccounts(signal),
  });

/**
 * Whether security changes are confirmed with a password: false for an account made by social sign-in
 * (no email and password). Until known, and if the list cannot be read, the password is asked for.
 */
export function useHasPassword(): boolean {
  const accounts = useQuery(linkedAccountsQueryOptions());
  return accounts.data ? accounts.data.some((a) => a.providerId === 'credential') : true;
}
