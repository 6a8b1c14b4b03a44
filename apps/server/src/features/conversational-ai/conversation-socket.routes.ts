/**
 * GET /v1/convai/conversation: the WebSocket `@elevenlabs/client` opens (subprotocol "convai"), plus the
 * signed URL and token routes (decision 153). Who may talk: anyone with the id of a public agent; for a
 * private one (platform_settings.auth.enable_auth) a signature from getSignedUrl / token, or the workspace's
 * own xi-api-key.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { requirePrincipal, type Principal } from '../../plugins/auth';
import { keyPermissionError } from '../../plugins/permissions';
import type { ConversationStarter } from './conversation-starter';
import type { ConversationsService } from './conversations.service';

const tags = ['conversational-ai'];
const agentQuery = z.object({ agent_id: z.string().min(1).max(64) });

export type SocketAccess = {
  authenticate(headers: Record<string, string | string[] | undefined>): Promise<Principal | null>;
};

export function registerConversationSocket(
  app: FastifyInstance,
  starter: ConversationStarter,
  access: SocketAccess,
): void {
  app.route({
    method: 'GET',
    url: '/v1/convai/conversation',
    config: { public: true, rateLimit: false },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({
          detail: {
            status: 'upgrade_required',
            message: 'GET /v1/convai/conversation is a WebSocket: connect with Upgrade: websocket.',
          },
        }),
    wsHandler: async (socket, request) => {
      const early: unknown[] = [];
      const onEarly = (data: Buffer) => {
        try {
          early.push(JSON.parse(data.toString()));
        } catch {
          // not JSON: ignored like any other malformed message
        }
      };
      socket.on('message', onEarly);
      const query = request.query as Record<string, string | undefined>;
      let principal: Principal | null = null;
      if (request.headers['xi-api-key']) {
        principal = await access.authenticate(request.headers).catch(() => null);
        if (principal && keyPermissionError(principal, 'GET', '/v1/convai/conversation')) principal = null;
      }
      try {
        const session = await starter.open({
          agentId: query.agent_id ?? '',
          signature: query.conversation_signature ?? query.token ?? null,
          principal,
          origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
          send: (m) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
          },
          close: (code, reason) => socket.close(code, reason),
          firstMessage: () =>
            new Promise((resolve) => {
              if (early.length) return resolve(early.shift());
              const timer = setTimeout(() => resolve(null), 2000);
              socket.once('message', () => {
                clearTimeout(timer);
                setImmediate(() => resolve(early.shift() ?? null));
              });
            }),
        });
        socket.off('message', onEarly);
        socket.on('message', (data: Buffer) => {
          let json: unknown;
          try {
            json = JSON.parse(data.toString());
          } catch {
            return;
          }
          session.handle(json);
        });
        socket.on('close', () => void session.end('The client ended the conversation.', false));
        for (const m of early) session.handle(m);
        early.length = 0;
      } catch (err) {
        const e =
          err instanceof AppError
            ? err
            : new AppError(500, 'internal_error', 'The conversation could not start.');
        if (!(err instanceof AppError)) request.log.error({ err }, 'conversation start failed');
        if (socket.readyState === socket.OPEN) {
          socket.send(
            JSON.stringify({ type: 'error', error_event: { error_type: e.code, message: e.message } }),
          );
          socket.close(e.statusCode === 429 ? 1013 : 1008, e.message.slice(0, 120));
        }
      }
    },
  });
}

/** conversationalAi.conversations.getSignedUrl and .getWebrtcToken's websocket counterpart. */
export const conversationAccessRoutes =
  (service: ConversationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/convai/conversation/get-signed-url',
      {
        schema: {
          tags,
          summary: 'A WebSocket URL to talk to an agent, signed for 15 minutes',
          querystring: agentQuery.extend({ include_conversation_id: z.string().optional() }),
          response: { 200: z.object({ signed_url: z.string() }) },
        },
      },
      (request) => service.signedUrl(requirePrincipal(request), request.query.agent_id),
    );
    app.get(
      '/v1/convai/conversation/token',
      {
        schema: {
          tags,
          summary:
            'A conversation token for an agent (valid 15 minutes; the WebSocket accepts it as ?token=)',
          querystring: agentQuery,
          response: { 200: z.object({ token: z.string(), conversation_id: z.string() }) },
        },
      },
      (request) => service.token(requirePrincipal(request), request.query.agent_id),
    );
  };
