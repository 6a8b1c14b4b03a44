import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyItemParams } from '@vocalis/contracts/history';
import { shareVideoQuery, shareVideoResponse } from '@vocalis/contracts/sharing';
import { sendStoredFile } from '../../lib/send-stored-file';
import { requirePrincipal } from '../../plugins/auth';
import type { ShareVideoService } from './share-video.service';

const tags = ['sharing'];

/** Share as a video: generate (POST), fetch the mp4 (GET), preview image (GET …/preview). */
export const shareVideoRoutes =
  (service: ShareVideoService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/history/:history_item_id/video',
      {
        schema: {
          tags,
          summary: 'Render a text-to-speech item as a looping mp4 (waveform, text, theme colours)',
          params: historyItemParams,
          querystring: shareVideoQuery,
          response: { 200: shareVideoResponse },
        },
      },
      (request) =>
        service.generate(requirePrincipal(request), request.params.history_item_id, request.query.theme),
    );

    app.get(
      '/v1/history/:history_item_id/video',
      {
        schema: {
          tags,
          summary: 'The mp4 rendered for this item and theme (video/mp4, byte ranges)',
          params: historyItemParams,
          querystring: shareVideoQuery,
        },
      },
      async (request, reply) => {
        const { history_item_id } = request.params;
        const file = await service.video(requirePrincipal(request), history_item_id, request.query.theme);
        reply.header('cache-control', 'private, no-cache');
        reply.header(
          'content-disposition',
          `attachment; filename="${history_item_id}-${request.query.theme}.mp4"`,
        );
        return sendStoredFile(request, reply, { ...file, contentType: 'video/mp4' });
      },
    );

    app.get(
      '/v1/history/:history_item_id/video/preview',
      {
        schema: {
          tags,
          summary: 'A PNG of how the video of this item and theme looks',
          params: historyItemParams,
          querystring: shareVideoQuery,
        },
      },
      async (request, reply) => {
        const png = await service.preview(
          requirePrincipal(request),
          request.params.history_item_id,
          request.query.theme,
        );
        return reply.header('cache-control', 'no-store').type('image/png').send(Buffer.from(png));
      },
    );
  };
