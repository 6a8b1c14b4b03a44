import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWebhookBody,
  createWebhookResponse,
  listWebhookDeliveriesResponse,
  listWebhooksQuery,
  listWebhooksResponse,
  testWebhookResponse,
  updateWebhookBody,
  webhookParams,
  webhookStatusResponse,
} from '@vocalis/contracts/webhooks';
import type { WebhookScope } from '@vocalis/domain/webhook-events';
import { requirePrincipal } from '../../plugins/auth';
import type { WebhooksService } from './webhooks.service';

const tags = ['webhooks'];

/**
 * ElevenLabs' workspace webhook calls (`webhooks.*` in the SDK) under /v1/workspace/webhooks, and the same
 * calls for a user's own webhooks under /v1/user/webhooks; both add the delivery log and "send test event".
 */
export const webhooksRoutes =
  (service: WebhooksService): FastifyPluginAsyncZod =>
  async (app) => {
    const mount = (base: string, scope: WebhookScope, whose: string) => {
      app.get(
        base,
        {
          schema: {
            tags,
            summary: `List ${whose} webhooks`,
            querystring: listWebhooksQuery,
            response: { 200: listWebhooksResponse },
          },
        },
        async (request) => ({
          webhooks: await service.list(requirePrincipal(request), scope, request.query.include_usages),
        }),
      );
      app.post(
        base,
        {
          schema: {
            tags,
            summary: `Create ${whose} webhook; an HMAC secret is in this answer only`,
            body: createWebhookBody,
            response: { 200: createWebhookResponse },
          },
        },
        (request) => service.create(requirePrincipal(request), scope, request.body),
      );
      app.patch(
        `${base}/:webhook_id`,
        {
          schema: {
            tags,
            summary: `Update ${whose} webhook: name, enabled, events, retries, headers`,
            params: webhookParams,
            body: updateWebhookBody,
            response: { 200: webhookStatusResponse },
          },
        },
        async (request) => {
          await service.update(requirePrincipal(request), scope, request.params.webhook_id, request.body);
          return { status: 'ok' as const };
        },
      );
      app.delete(
        `${base}/:webhook_id`,
        {
          schema: {
            tags,
            summary: `Delete ${whose} webhook`,
            params: webhookParams,
            response: { 200: webhookStatusResponse },
          },
        },
        async (request) => {
          await service.delete(requirePrincipal(request), scope, request.params.webhook_id);
          return { status: 'ok' as const };
        },
      );
      app.get(
        `${base}/:webhook_id/deliveries`,
        {
          schema: {
            tags,
            summary: `The latest deliveries of ${whose} webhook, newest first`,
            params: webhookParams,
            response: { 200: listWebhookDeliveriesResponse },
          },
        },
        async (request) => ({
          deliveries: await service.deliveries(requirePrincipal(request), scope, request.params.webhook_id),
        }),
      );
      app.post(
        `${base}/:webhook_id/test`,
        {
          schema: {
            tags,
            summary: `Send a test event to ${whose} webhook`,
            params: webhookParams,
            response: { 200: testWebhookResponse },
          },
        },
        async (request) => ({
          delivery_id: await service.sendTest(requirePrincipal(request), scope, request.params.webhook_id),
        }),
      );
    };
    mount('/v1/workspace/webhooks', 'workspace', "a workspace's");
    mount('/v1/user/webhooks', 'user', 'your own');
  };
