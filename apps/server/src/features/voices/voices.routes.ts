import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getVoiceQuery,
  listVoicesQuery,
  listVoicesResponse,
  searchVoicesQuery,
  searchVoicesResponse,
  voice,
  voiceIdParams,
  voiceSettingsResponse,
} from '@vocalis/contracts/voices';
import type { VoicesService } from './voices.service';

/** Browsers and the web app may keep previews for the spec's voice cache time (7 days). */
const PREVIEW_MAX_AGE_SECONDS = 604_800;

export const voicesRoutes =
  (service: VoicesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/voices',
      {
        schema: {
          tags: ['voices'],
          summary: 'List every voice available to you',
          querystring: listVoicesQuery,
          response: { 200: listVoicesResponse },
        },
      },
      () => service.list(),
    );

    app.get(
      '/v2/voices',
      {
        schema: {
          tags: ['voices'],
          summary: 'Search voices with filters, sorting and paging',
          querystring: searchVoicesQuery,
          response: { 200: searchVoicesResponse },
        },
      },
      (request) => service.search(request.query),
    );

    app.get(
      '/v1/voices/settings/default',
      {
        config: { public: true },
        schema: {
          tags: ['voices'],
          summary: 'The default voice settings (no authentication)',
          security: [],
          response: { 200: voiceSettingsResponse },
        },
      },
      async () => ({ stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 }),
    );

    app.get(
      '/v1/voices/:voice_id',
      {
        schema: {
          tags: ['voices'],
          summary: 'One voice',
          params: voiceIdParams,
          querystring: getVoiceQuery,
          response: { 200: voice },
        },
      },
      (request) => service.get(request.params.voice_id, request.query.with_settings ?? true),
    );

    app.get(
      '/v1/voices/:voice_id/settings',
      {
        schema: {
          tags: ['voices'],
          summary: "A voice's settings",
          params: voiceIdParams,
          response: { 200: voiceSettingsResponse },
        },
      },
      (request) => service.settings(request.params.voice_id),
    );

    app.get(
      '/v1/voices/:voice_id/preview',
      {
        config: { public: true },
        schema: {
          tags: ['voices'],
          summary: "A voice's preview clip (mp3; public, cacheable)",
          security: [],
          params: voiceIdParams,
        },
      },
      async (request, reply) => {
        const file = await service.preview(request.params.voice_id);
        const etag = `"${file.version}"`;
        reply
          .header('etag', etag)
          .header('cache-control', `public, max-age=${PREVIEW_MAX_AGE_SECONDS}`)
          // Public media: players on other origins (an embedding site, the dev web server) may load it.
          .header('cross-origin-resource-policy', 'cross-origin');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('audio/mpeg').send(await fs.readFile(file.path));
      },
    );
  };
