import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteToolQuery,
  dependentAgentsPage,
  listToolsQuery,
  toolBody,
  toolParams,
  toolResponse,
  toolsPage,
} from '@vocalis/contracts/conversational-ai-tools';
import { requirePrincipal } from '../../plugins/auth';
import type { ToolsService } from './tools.service';

const tags = ['conversational-ai'];

/** conversationalAi.tools.* (decision 190). */
export const toolsRoutes =
  (service: ToolsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/convai/tools',
      {
        schema: {
          tags,
          summary: 'Create a webhook, client or system tool',
          body: toolBody,
          response: { 200: toolResponse },
        },
      },
      (request) => service.create(requirePrincipal(request), request.body.tool_config),
    );
    app.get(
      '/v1/convai/tools',
      {
        schema: {
          tags,
          summary: 'Tools of the workspace',
          querystring: listToolsQuery,
          response: { 200: toolsPage },
        },
      },
      (request) => service.list(requirePrincipal(request), request.query),
    );
    app.get(
      '/v1/convai/tools/:tool_id',
      { schema: { tags, summary: 'A tool', params: toolParams, response: { 200: toolResponse } } },
      (request) => service.get(requirePrincipal(request), request.params.tool_id),
    );
    app.patch(
      '/v1/convai/tools/:tool_id',
      {
        schema: {
          tags,
          summary: "Replace a tool's configuration",
          params: toolParams,
          body: toolBody,
          response: { 200: toolResponse },
        },
      },
      (request) =>
        service.update(requirePrincipal(request), request.params.tool_id, request.body.tool_config),
    );
    app.delete(
      '/v1/convai/tools/:tool_id',
      {
        schema: {
          tags,
          summary: 'Delete a tool (refused while agents use it, unless force=true)',
          params: toolParams,
          querystring: deleteToolQuery,
        },
      },
      async (request, reply) => {
        await service.remove(
          requirePrincipal(request),
          request.params.tool_id,
          request.query.force === 'true',
        );
        return reply.code(200).send({});
      },
    );
    app.get(
      '/v1/convai/tools/:tool_id/dependent-agents',
      {
        schema: {
          tags,
          summary: 'Agents that use the tool',
          params: toolParams,
          response: { 200: dependentAgentsPage },
        },
      },
      (request) => service.dependentAgents(requirePrincipal(request), request.params.tool_id),
    );
  };
