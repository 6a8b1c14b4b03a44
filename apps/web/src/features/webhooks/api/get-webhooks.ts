import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Webhook } from '@vocalis/contracts/webhooks';
import type { WebhookScope } from '@vocalis/domain/webhook-events';

import { api } from '@/lib/api-client';

export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: (scope: WebhookScope) => ['webhooks', scope] as const,
  deliveries: (scope: WebhookScope, id: string) => ['webhooks', scope, id, 'deliveries'] as const,
};

/** The workspace's webhooks (its admins) or the user's own. */
export const webhooksPath = (scope: WebhookScope) =>
  scope === 'workspace' ? '/v1/workspace/webhooks' : '/v1/user/webhooks';

/** GET /v1/workspace/webhooks or /v1/user/webhooks. */
export function getWebhooks(scope: WebhookScope, signal?: AbortSignal) {
  return api.get<{ webhooks: Webhook[] }>(webhooksPath(scope), { signal });
}

export const webhooksQueryOptions = (scope: WebhookScope) =>
  queryOptions({
    queryKey: webhooksKeys.list(scope),
    queryFn: ({ signal }) => getWebhooks(scope, signal),
    select: (data) => data.webhooks,
  });

export function useWebhooks(scope: WebhookScope) {
  return useQuery(webhooksQueryOptions(scope));
}
