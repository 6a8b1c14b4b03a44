import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createServiceAccountBody,
  createServiceAccountResponse,
  listServiceAccountsResponse,
  serviceAccountIdParams,
} from '@vocalis/contracts/service-accounts';
import { okResponse } from '@vocalis/contracts/user';
import { requirePrincipal } from '../../plugins/auth';
import type { ServiceAccountsService } from './service-accounts.service';

const tags = ['service-accounts'];

/** ElevenLabs' `serviceAccounts.*` calls; their keys are the API-key routes (features/api-keys). */
export const serviceAccountsRoutes =
  (service: ServiceAccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/service-accounts',
      {
        schema: {
          tags,
          summary: "List the workspace's service accounts with their API keys",
          response: { 200: listServiceAccountsResponse },
        },
      },
      (request) => service.list(requirePrincipal(request)),
    );

    app.post(
      '/v1/service-accounts',
      {
        schema: {
          tags,
          summary: 'Create a service account in the workspace',
          body: createServiceAccountBody,
          response: { 200: createServiceAccountResponse },
        },
      },
      async (request) => ({
        'service-account-user-id': await service.create(requirePrincipal(request), request.body.name),
      }),
    );

    app.delete(
      '/v1/service-accounts/:service_account_user_id',
      {
        schema: {
          tags,
          summary: 'Delete a service account; its API keys stop working at once',
          params: serviceAccountIdParams,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await service.delete(requirePrincipal(request), request.params.service_account_user_id);
        return { status: 'ok' as const, message: 'The service account was deleted.' };
      },
    );
  };
