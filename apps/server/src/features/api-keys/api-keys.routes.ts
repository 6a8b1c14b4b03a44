import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKey,
  apiKeyParams,
  createApiKeyBody,
  createApiKeyResponse,
  editApiKeyBody,
  listApiKeysResponse,
  serviceAccountParams,
} from '@vocalis/contracts/api-keys';
import { okResponse } from '@vocalis/contracts/user';
import { requirePrincipal } from '../../plugins/auth';
import type { ApiKeysService } from './api-keys.service';

const tags = ['api-keys'];

/** ElevenLabs' service-account API-key calls; the service account is the signed-in user (decision 009). */
export const apiKeysRoutes =
  (service: ApiKeysService): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/v1/service-accounts/:service_account_user_id/api-keys';

    app.get(
      base,
      {
        schema: {
          tags,
          summary: 'List your API keys',
          params: serviceAccountParams,
          response: { 200: listApiKeysResponse },
        },
      },
      (request) => service.list(requirePrincipal(request), request.params.service_account_user_id),
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: 'Create an API key; the key is in this answer only',
          params: serviceAccountParams,
          body: createApiKeyBody,
          response: { 200: createApiKeyResponse },
        },
      },
      (request) =>
        service.create(requirePrincipal(request), request.params.service_account_user_id, request.body),
    );

    app.patch(
      `${base}/:api_key_id`,
      {
        schema: {
          tags,
          summary: 'Edit an API key: name, permissions, character limit, enabled',
          params: apiKeyParams,
          body: editApiKeyBody,
          response: { 200: apiKey },
        },
      },
      (request) =>
        service.edit(
          requirePrincipal(request),
          request.params.service_account_user_id,
          request.params.api_key_id,
          request.body,
        ),
    );

    app.delete(
      `${base}/:api_key_id`,
      { schema: { tags, summary: 'Delete an API key', params: apiKeyParams, response: { 200: okResponse } } },
      async (request) => {
        await service.delete(
          requirePrincipal(request),
          request.params.service_account_user_id,
          request.params.api_key_id,
        );
        return { status: 'ok' as const, message: 'The API key was deleted.' };
      },
    );
  };
