import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CallStatuses } from './call-status';

/** Twilio's status callbacks for outbound calls (decision 257): public, signed by Twilio. */
export const callStatusRoutes =
  (statuses: CallStatuses, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    app.post(
      '/v1/convai/twilio/call-status',
      {
        config: { public: true, rateLimit: false },
        schema: {
          hide: true,
          querystring: z.object({ phone_number_id: z.string().min(1), conversation_id: z.string().min(1) }),
        },
      },
      async (request, reply) => {
        const params =
          request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {};
        const signature = request.headers['x-twilio-signature'];
        await statuses.apply(
          `${publicUrl}${request.url}`,
          request.query,
          params,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.code(204).send();
      },
    );
  };
