/**
 * The embeddable widget's public routes (decision 230): `/convai-widget.js` (the script a site loads) and
 * `GET /v1/convai/agents/:agent_id/widget` (its settings), both readable from any origin.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentParams } from '@vocalis/contracts/conversational-ai';
import { widgetConfigQuery, widgetConfigResponse } from '@vocalis/contracts/conversational-ai-widget';
import type { WidgetService } from './widget.service';

/** Other sites load these: no framing limits needed, readable cross-origin. */
function crossOrigin(reply: FastifyReply) {
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('access-control-allow-origin', '*');
  reply.header('vary', 'Origin');
  return reply;
}

export const widgetRoutes =
  (service: WidgetService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/convai/agents/:agent_id/widget',
      {
        config: { public: true },
        schema: {
          tags: ['conversational-ai'],
          summary: "An agent's widget settings (public, for the embeddable widget)",
          params: agentParams,
          querystring: widgetConfigQuery,
          response: { 200: widgetConfigResponse },
        },
        onSend: async (_request, reply, payload) => {
          crossOrigin(reply);
          return payload;
        },
      },
      async (request) => {
        const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
        return service.config(request.params.agent_id, origin, request.query.conversation_signature);
      },
    );

    app.get(
      '/convai-widget.js',
      { config: { public: true }, schema: { hide: true } },
      async (_request, reply) => {
        const body = await service.widgetScript();
        return crossOrigin(reply)
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(body);
      },
    );
  };
