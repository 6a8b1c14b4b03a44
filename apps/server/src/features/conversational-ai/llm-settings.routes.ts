import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listSecretsQuery,
  llmSettingsBody,
  llmSettingsResponse,
  secretBody,
  secretParams,
  secretResponse,
  secretsPage,
} from '@vocalis/contracts/conversational-ai-settings';
import { requirePrincipal } from '../../plugins/auth';
import type { LlmSettingsService } from './llm-settings.service';

const tags = ['conversational-ai'];

/** conversationalAi.secrets.* and the workspace language model (PUT/GET/DELETE /v1/convai/llm). */
export const llmSettingsRoutes =
  (service: LlmSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/convai/secrets',
      {
        schema: {
          tags,
          summary: 'Store a secret (never returned)',
          body: secretBody,
          response: { 200: secretResponse },
        },
      },
      (request) => service.createSecret(requirePrincipal(request), request.body),
    );
    app.get(
      '/v1/convai/secrets',
      {
        schema: {
          tags,
          summary: 'Secrets of the workspace (names only)',
          querystring: listSecretsQuery,
          response: { 200: secretsPage },
        },
      },
      (request) => service.listSecrets(requirePrincipal(request), request.query),
    );
    app.patch(
      '/v1/convai/secrets/:secret_id',
      {
        schema: {
          tags,
          summary: 'Replace a secret',
          params: secretParams,
          body: secretBody,
          response: { 200: secretResponse },
        },
      },
      (request) => service.updateSecret(requirePrincipal(request), request.params.secret_id, request.body),
    );
    app.delete(
      '/v1/convai/secrets/:secret_id',
      { schema: { tags, summary: 'Delete a secret', params: secretParams } },
      async (request, reply) => {
        await service.deleteSecret(requirePrincipal(request), request.params.secret_id);
        return reply.code(204).send();
      },
    );

    app.get(
      '/v1/convai/llm',
      {
        schema: {
          tags,
          summary:
            'The chat-completions server agents of the workspace use (none: agents run without a language model)',
          response: { 200: llmSettingsResponse },
        },
      },
      (request) => service.getLlm(requirePrincipal(request)),
    );
    app.put(
      '/v1/convai/llm',
      {
        schema: {
          tags,
          summary: 'Set the OpenAI-compatible chat-completions server of the workspace',
          body: llmSettingsBody,
          response: { 200: llmSettingsResponse },
        },
      },
      (request) => service.setLlm(requirePrincipal(request), request.body),
    );
    app.delete(
      '/v1/convai/llm',
      { schema: { tags, summary: 'Stop using a language model', response: { 200: llmSettingsResponse } } },
      (request) => service.clearLlm(requirePrincipal(request)),
    );
  };
