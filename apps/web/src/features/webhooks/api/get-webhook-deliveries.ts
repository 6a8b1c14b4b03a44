import { useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '@vocalis/contracts/webhooks';
import type { WebhookScope } from '@vocalis/domain/webhook-events';

import { api } from '@/lib/api-client';

import { webhooksKeys, webhooksPath } from './get-webhooks';

/** GET …/webhooks/{id}/deliveries: the latest deliveries, newest first. */
export function getWebhookDeliveries(scope: WebhookScope, id: string, signal?: AbortSignal) {
  return api.get<{ deliveries: WebhookDelivery[] }>(
    `${webhooksPath(scope)}/${encodeURIComponent(id)}/deliveries`,
    { signal },
  );
}

/** Polls while a delivery is still pending or being retried. */
export function useWebhookDeliveries(scope: WebhookScope, id: string) {
  return useQuery({
    queryKey: webhooksKeys.deliveries(scope, id),
    queryFn: ({ signal }) => getWebhookDeliveries(scope, id, signal),
    select: (data) => data.deliveries,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'retrying')
        ? 2000
        : false,
  });
}
