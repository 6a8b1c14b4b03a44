import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chapterParams, projectParams } from '@vocalis/contracts/studio';
import { exportQuery } from '@vocalis/contracts/studio-export';
import { requirePrincipal } from '../../plugins/auth';
import type { Export, StudioExportService } from './studio-export.service';

const tags = ['studio'];
const acxOf = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

/** Sends an export as a download; ACX exports carry their measured levels in headers. */
function send(reply: FastifyReply, e: Export) {
  if (e.levels)
    reply
      .header('x-acx-rms-db', e.levels.rmsDb.toFixed(2))
      .header('x-acx-peak-db', e.levels.peakDb.toFixed(2))
      .header('x-acx-floor-db', e.levels.floorDb.toFixed(2));
  return reply
    .type(e.type)
    .header(
      'content-disposition',
      `attachment; filename="${e.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(e.fileName)}`,
    )
    .send(Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength));
}

/** Studio exports (decision 172): chapter mp3, project mp3, zip of chapters; ACX levels on request. */
export const studioExportRoutes =
  (service: StudioExportService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/studio/projects/:project_id/export',
      {
        schema: {
          tags,
          summary:
            "Export the project from its chapters' latest conversions: one mp3, or a zip of one mp3 per chapter",
          description:
            'The file name follows the ISBN rule when the project has an ISBN. 409 `not_converted` while a chapter with text has no conversion.',
          params: projectParams,
          querystring: exportQuery,
        },
      },
      async (r, reply) =>
        send(
          reply,
          await service.project(requirePrincipal(r), r.params.project_id, r.query.format, acxOf(r.query.acx)),
        ),
    );
    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/export',
      {
        schema: {
          tags,
          summary: "Export a chapter's latest conversion as mp3",
          params: chapterParams,
          querystring: exportQuery.pick({ acx: true }),
        },
      },
      async (r, reply) =>
        send(
          reply,
          await service.chapter(
            requirePrincipal(r),
            r.params.project_id,
            r.params.chapter_id,
            acxOf(r.query.acx),
          ),
        ),
    );
  };
