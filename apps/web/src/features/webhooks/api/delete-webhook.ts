import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookScope } from '@vocalis/domain/webhook-events';

import { api } from '@/lib/api-client';

import { webhooksKeys, webhooksPath } from './get-webhooks';

/** DELETE …/webhooks/{id}. */
export function deleteWebhook(scope: WebhookScope, id: string) {
  return api.delete<{ status: 'ok' }>(`${webhooksPath(scope)}/${encodeURIComponent(id)}`);
}

export function useDeleteWebhook(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebhook(scope, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}
