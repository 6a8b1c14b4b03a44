import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_PATHS, type ExtendedSubscription } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';
import { useLiveCollection } from '@/lib/live';

/** Query keys of billing data; mutations invalidate `all` (shared by the billing and usage features). */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: ['billing', 'subscription'] as const,
};

/** GET /v1/user/subscription: the workspace's plan, quota, scheduled change and cancel date. */
export function getSubscription(signal?: AbortSignal) {
  return api.get<ExtendedSubscription>(BILLING_PATHS.subscription, { signal });
}

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.subscription, queryFn: ({ signal }) => getSubscription(signal) });

/** The subscription; pass `enabled: false` for signed-out visitors of /pricing. */
export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}

/**
 * Refetches billing data whenever the server says the workspace changed (it publishes a workspace update
 * after every billing change: checkout, renewal, period end, a payment failing), so an open page follows.
 */
export function useLiveBilling(): void {
  const queryClient = useQueryClient();
  useLiveCollection('workspace', () => void queryClient.invalidateQueries({ queryKey: billingKeys.all }));
}
