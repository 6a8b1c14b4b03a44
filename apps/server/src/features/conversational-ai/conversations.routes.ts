import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../plugins/auth';
import type { ConversationsService } from './conversations.service';

const tags = ['conversational-ai'];
const params = z.object({ conversation_id: z.string().min(1).max(64) });

/** conversationalAi.conversations.list / get / delete and .audio.get. */
export const conversationsRoutes =
  (service: ConversationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/convai/conversations',
      {
        schema: {
          tags,
          summary: 'Conversations of the workspace, newest first',
          querystring: z.object({
            page_size: z.coerce.number().int().min(1).max(100).default(30),
            agent_id: z.string().max(64).optional(),
            cursor: z.string().max(200).optional(),
          }),
        },
      },
      (request) => service.list(requirePrincipal(request), request.query),
    );
    app.get(
      '/v1/convai/conversations/:conversation_id',
      { schema: { tags, summary: 'A conversation with its transcript', params } },
      (request) => service.get(requirePrincipal(request), request.params.conversation_id),
    );
    app.delete(
      '/v1/convai/conversations/:conversation_id',
      { schema: { tags, summary: 'Delete a conversation and its audio', params } },
      async (request) => {
        await service.delete(requirePrincipal(request), request.params.conversation_id);
        return {};
      },
    );
    app.get(
      '/v1/convai/conversations/:conversation_id/audio',
      { schema: { tags, summary: 'The recorded call (mp3: the user and the agent as heard)', params } },
      async (request, reply) => {
        const file = await service.audio(requirePrincipal(request), request.params.conversation_id);
        return reply.type('audio/mpeg').header('content-length', String(file.size)).send(file.read());
      },
    );
  };
