import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookBody, CreateWebhookResponse } from '@vocalis/contracts/webhooks';
import type { WebhookScope } from '@vocalis/domain/webhook-events';

import { api } from '@/lib/api-client';

import { webhooksKeys, webhooksPath } from './get-webhooks';

/** POST …/webhooks; an HMAC webhook's secret is in the answer, shown this once. */
export function createWebhook(scope: WebhookScope, body: CreateWebhookBody) {
  return api.post<CreateWebhookResponse>(webhooksPath(scope), body);
}

export function useCreateWebhook(scope: WebhookScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => createWebhook(scope, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}
