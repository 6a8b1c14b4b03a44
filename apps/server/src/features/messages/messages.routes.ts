import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listMessagesQuery,
  listMessagesResponse,
  markReadResponse,
  messageIdParams,
} from '@vocalis/contracts/messages';
import { requireUser } from '../../plugins/auth';
import type { MessagesService } from './messages.service';

export const messagesRoutes =
  (service: MessagesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/messages',
      {
        schema: {
          tags: ['notifications'],
          summary: 'List your notifications, newest first',
          querystring: listMessagesQuery,
          response: { 200: listMessagesResponse },
        },
      },
      (request) => service.list(requireUser(request), request.query),
    );

    app.post(
      '/v1/messages/:message_id/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark one notification as read',
          params: messageIdParams,
          response: { 200: markReadResponse },
        },
      },
      (request) => service.markRead(requireUser(request), request.params.message_id),
    );

    app.post(
      '/v1/messages/read-all',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark every notification as read',
          response: { 200: markReadResponse },
        },
      },
      (request) => service.markAllRead(requireUser(request)),
    );
  };
