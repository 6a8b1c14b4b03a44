import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getVoiceQuery,
  listVoicesQuery,
  listVoicesResponse,
  searchVoicesQuery,
  searchVoicesResponse,
  voice,
  editVoiceSettingsResponse,
  voiceIdParams,
  voiceSettings,
  voiceSettingsResponse,
} from '@vocalis/contracts/voices';
import { sendStoredFile } from '../../lib/send-stored-file';
import { requirePrincipal } from '../../plugins/auth';
import type { CustomVoicesService } from './custom-voices.service';
import { PreparedJsonByKey } from '../../plugins/prepared-json';
import type { VoicesService } from './voices.service';

/** Browsers and the web app may keep previews for the spec's voice cache time (7 days). */
const PREVIEW_MAX_AGE_SECONDS = 604_800;

export const voicesRoutes =
  (service: VoicesService, custom: CustomVoicesService): FastifyPluginAsyncZod =>
  async (app) => {
    // One body per distinct set of stored settings (most workspaces have none): serialized once each.
    const lists = new PreparedJsonByKey(listVoicesResponse);
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
      async (request, reply) => {
        const { key, make } = await service.listing(requirePrincipal(request));
        if (key === null) return make();
        return lists.send(reply, key, make);
      },
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
      (request) => service.search(requirePrincipal(request), request.query),
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
      (request) =>
        service.get(requirePrincipal(request), request.params.voice_id, request.query.with_settings ?? true),
    );

    app.get(
      '/v1/voices/:voice_id/settings',
      {
        schema: {
          tags: ['voices'],
          summary: "A voice's settings (your workspace's, once it edited them)",
          params: voiceIdParams,
          response: { 200: voiceSettingsResponse },
        },
      },
      (request) => service.settings(requirePrincipal(request), request.params.voice_id),
    );

    app.post(
      '/v1/voices/:voice_id/settings/edit',
      {
        schema: {
          tags: ['voices'],
          summary: "Edit your workspace's settings for a voice (other workspaces keep theirs)",
          params: voiceIdParams,
          body: voiceSettings,
          response: { 200: editVoiceSettingsResponse },
        },
      },
      async (request) => {
        await service.editSettings(requirePrincipal(request), request.params.voice_id, request.body);
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/v1/voices/:voice_id/preview',
      {
        config: { public: true },
        schema: {
          tags: ['voices'],
          summary: "A voice's preview clip (mp3, byte ranges)",
          description:
            'Premade voices: public and cacheable. A workspace voice (cloned, generated, professional): a fixed ' +
            'sentence spoken by its profile, for callers of its workspace only (others get 404); rendered ' +
            'once per voice version, which the `v` query of its preview_url names.',
          security: [],
          params: voiceIdParams,
        },
      },
      async (request, reply) => {
        if (!service.isPremade(request.params.voice_id)) {
          const own = await custom.preview(request.principal ?? undefined, request.params.voice_id);
          reply
            .header('etag', `"${own.version}"`)
            .header('cache-control', `private, max-age=${PREVIEW_MAX_AGE_SECONDS}`);
          if (request.headers['if-none-match'] === `"${own.version}"`) return reply.code(304).send();
          return sendStoredFile(request, reply, own.file);
        }
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
