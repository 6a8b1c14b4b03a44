import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebhookBody } from '@vocalis/contracts/webhooks';
import type { WebhookScope } from '@vocalis/domain/webhook-events';

import { api } from '@/lib/api-client';

import { webhooksKeys, webhooksPath } from './get-webhooks';

/** PATCH …/webhooks/{id}: name and enabled always, events when given. */
export function updateWebhook(scope: WebhookScope, id: string, body: UpdateWebhookBody) {
  return api.patch<{ status: 'ok' }>(`${webhooksPath(scope)}/${encodeURIComponent(id)}`, body);
}

export function useUpdateWebhook(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookBody }) => updateWebhook(scope, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}
