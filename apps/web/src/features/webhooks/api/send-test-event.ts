import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookScope } from '@vocalis/domain/webhook-events';

import { api } from '@/lib/api-client';

import { webhooksKeys, webhooksPath } from './get-webhooks';

/** POST …/webhooks/{id}/test: queues a test delivery. */
export function sendTestEvent(scope: WebhookScope, id: string) {
  return api.post<{ delivery_id: string }>(`${webhooksPath(scope)}/${encodeURIComponent(id)}/test`);
}

export function useSendTestEvent(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendTestEvent(scope, id),
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(scope, id) }),
  });
}
