import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentIdResponse,
  agentParams,
  agentResponse,
  agentsPage,
  createAgentBody,
  duplicateAgentBody,
  listAgentsQuery,
  updateAgentBody,
} from '@vocalis/contracts/conversational-ai';
import { requirePrincipal } from '../../plugins/auth';
import type { AgentsService } from './agents.service';

const tags = ['conversational-ai'];

/** conversationalAi.agents.*: thin routes over AgentsService. */
export const agentsRoutes =
  (service: AgentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/convai/agents/create',
      {
        schema: {
          tags,
          summary: 'Create an agent',
          body: createAgentBody,
          response: { 200: agentIdResponse },
        },
      },
      (request) => service.create(requirePrincipal(request), request.body),
    );

    app.get(
      '/v1/convai/agents',
      {
        schema: {
          tags,
          summary: 'Agents of the workspace, a page at a time',
          querystring: listAgentsQuery,
          response: { 200: agentsPage },
        },
      },
      (request) => service.list(requirePrincipal(request), request.query),
    );

    app.get(
      '/v1/convai/agents/:agent_id',
      {
        schema: {
          tags,
          summary: 'An agent with its configuration',
          params: agentParams,
          response: { 200: agentResponse },
        },
      },
      (request) => service.get(requirePrincipal(request), request.params.agent_id),
    );

    app.patch(
      '/v1/convai/agents/:agent_id',
      {
        schema: {
          tags,
          summary: 'Change an agent: the configuration objects merge key by key',
          params: agentParams,
          body: updateAgentBody,
          response: { 200: agentResponse },
        },
      },
      (request) => service.update(requirePrincipal(request), request.params.agent_id, request.body),
    );

    app.post(
      '/v1/convai/agents/:agent_id/duplicate',
      {
        schema: {
          tags,
          summary: 'Copy an agent',
          params: agentParams,
          body: duplicateAgentBody,
          response: { 200: agentIdResponse },
        },
      },
      (request) =>
        service.duplicate(requirePrincipal(request), request.params.agent_id, request.body?.name ?? null),
    );

    app.delete(
      '/v1/convai/agents/:agent_id',
      {
        schema: { tags, summary: 'Delete an agent', params: agentParams, response: { 200: z.object({}) } },
      },
      async (request) => {
        await service.delete(requirePrincipal(request), request.params.agent_id);
        return {};
      },
    );
  };
