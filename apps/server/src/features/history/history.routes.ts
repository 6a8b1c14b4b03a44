import { sendSerialized } from '../../plugins/prepared-json';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteHistoryItemResponse,
  downloadHistoryBody,
  historyFeedbackBody,
  historyFeedbackResponse,
  historyItem,
  historyItemParams,
  listHistoryQuery,
  listHistoryResponse,
} from '@vocalis/contracts/history';
import { sendStoredFile } from '../../lib/send-stored-file';
import { requirePrincipal } from '../../plugins/auth';
import type { HistoryService } from './history.service';

const tags = ['history'];

/** `attachment; filename=…` with an ASCII fallback and the UTF-8 name (RFC 6266). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const historyRoutes =
  (service: HistoryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/history',
      {
        schema: {
          tags,
          summary: 'List generated items, newest first (keyset paging by start_after_history_item_id)',
          querystring: listHistoryQuery,
          response: { 200: listHistoryResponse },
        },
      },
      async (request, reply) => {
        // Kept serialized while its rows are unchanged (decision 043).
        return sendSerialized(reply, await service.listBody(requirePrincipal(request), request.query));
      },
    );

    app.get(
      '/v1/history/:history_item_id',
      {
        schema: {
          tags,
          summary: 'One history item',
          params: historyItemParams,
          response: { 200: historyItem },
        },
      },
      (request) => service.get(requirePrincipal(request), request.params.history_item_id),
    );

    app.get(
      '/v1/history/:history_item_id/audio',
      { schema: { tags, summary: 'The audio of a history item', params: historyItemParams } },
      async (request, reply) => {
        const audio = await service.audio(requirePrincipal(request), request.params.history_item_id);
        return sendStoredFile(request, reply, audio);
      },
    );

    app.delete(
      '/v1/history/:history_item_id',
      {
        schema: {
          tags,
          summary: 'Delete a history item and its audio',
          params: historyItemParams,
          response: { 200: deleteHistoryItemResponse },
        },
      },
      async (request) => {
        await service.delete(requirePrincipal(request), request.params.history_item_id);
        return { status: 'ok' as const };
      },
    );

    app.post(
      '/v1/history/download',
      {
        schema: {
          tags,
          summary: 'Download history items: one id gives its audio, several a zip',
          body: downloadHistoryBody,
        },
      },
      async (request, reply) => {
        const file = await service.download(requirePrincipal(request), request.body.history_item_ids);
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', attachment(file.fileName));
        if (file.size !== undefined) reply.header('content-length', String(file.size));
        return reply.send(file.data);
      },
    );

    app.post(
      '/v1/history/:history_item_id/feedback',
      {
        schema: {
          tags,
          summary: 'Leave feedback on a history item (unchangeable once reviewed)',
          params: historyItemParams,
          body: historyFeedbackBody,
          response: { 200: historyFeedbackResponse },
        },
      },
      (request) => service.feedback(requirePrincipal(request), request.params.history_item_id, request.body),
    );
  };
