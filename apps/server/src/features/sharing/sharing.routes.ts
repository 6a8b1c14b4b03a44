import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyItemParams } from '@vocalis/contracts/history';
import {
  shareLinkResponse,
  shareLinkRevoked,
  shareLinkStatus,
  sharedItem,
  sharedItemParams,
  updatePublicUserNameBody,
  updatePublicUserNameResponse,
} from '@vocalis/contracts/sharing';
import { sendStoredFile } from '../../lib/send-stored-file';
import { requirePrincipal } from '../../plugins/auth';
import type { SharingService } from './sharing.service';

const tags = ['sharing'];

export const sharingRoutes =
  (service: SharingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/history/:history_item_id/share-link',
      {
        schema: {
          tags,
          summary: 'The public share link of a history item (made on first request, then stable)',
          params: historyItemParams,
          response: { 200: shareLinkResponse },
        },
      },
      (request) => service.shareLink(requirePrincipal(request), request.params.history_item_id),
    );

    app.post(
      '/v1/history/:history_item_id/share-link',
      {
        schema: {
          tags,
          summary: 'Publish a history item: its public link (the same link when already published)',
          params: historyItemParams,
          response: { 200: shareLinkResponse },
        },
      },
      (request) => service.shareLink(requirePrincipal(request), request.params.history_item_id),
    );

    app.get(
      '/v1/history/:history_item_id/share-link/status',
      {
        schema: {
          tags,
          summary: 'Whether a history item is published, and its link (publishes nothing)',
          params: historyItemParams,
          response: { 200: shareLinkStatus },
        },
      },
      (request) => service.shareStatus(requirePrincipal(request), request.params.history_item_id),
    );

    app.delete(
      '/v1/history/:history_item_id/share-link',
      {
        schema: {
          tags,
          summary: 'Turn the public link of a history item off (it answers 404 from then on)',
          params: historyItemParams,
          response: { 200: shareLinkRevoked },
        },
      },
      async (request) => {
        await service.revoke(requirePrincipal(request), request.params.history_item_id);
        return { status: 'ok' as const };
      },
    );

    app.post(
      '/v1/user/update-public-user-name',
      {
        schema: {
          tags,
          summary: 'Set the name your shared items show',
          body: updatePublicUserNameBody,
          response: { 200: updatePublicUserNameResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        public_user_name: await service.updatePublicUserName(
          requirePrincipal(request),
          request.body.public_user_name,
        ),
      }),
    );

    app.get(
      '/v1/shared/:share_id',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'A shared item, as its public page shows it (no authentication)',
          security: [],
          params: sharedItemParams,
          response: { 200: sharedItem },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.sharedItem(request.params.share_id);
      },
    );

    app.get(
      '/v1/shared/:share_id/audio',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'The audio of a shared item (no authentication)',
          security: [],
          params: sharedItemParams,
        },
      },
      async (request, reply) => {
        const audio = await service.sharedAudio(request.params.share_id);
        reply.header('cache-control', 'no-store');
        return sendStoredFile(request, reply, audio);
      },
    );
  };
