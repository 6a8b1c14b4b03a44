import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addSharedVoiceBody,
  addSharedVoiceResponse,
  libraryVoice,
  libraryVoicesResponse,
  sharedVoiceParams,
  sharedVoicesQuery,
  shareStatsQuery,
  shareStatsResponse,
  shareVoiceBody,
  voiceSharing,
  voiceSharingSettings,
} from '@vocalis/contracts/voice-library';
import { voiceIdParams } from '@vocalis/contracts/voices';
import { requirePrincipal } from '../../plugins/auth';
import type { LibraryPreviews } from './library-previews';
import type { VoiceSharingService } from './voice-sharing.service';

const SHARING_DESCRIPTION =
  'Owners see their notice period (days copies keep working after sharing stops) and custom rate; others see ' +
  'only `rate`, the multiplier of the characters a use costs.';

/** Sharing a voice, the library, adding a copy, the public voice page and preview, share stats. */
export const voiceLibraryRoutes =
  (service: VoiceSharingService, previews: LibraryPreviews): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/voices/:voice_id/share-library',
      {
        schema: {
          tags: ['voice library'],
          summary: 'Share one of your voices in the voice library with these settings',
          description: SHARING_DESCRIPTION,
          params: voiceIdParams,
          body: voiceSharingSettings,
          response: { 200: voiceSharing },
        },
      },
      async (request) =>
        (await service.shareLibrary(requirePrincipal(request), request.params.voice_id, request.body))!,
    );

    app.post(
      '/v1/voices/:voice_id/share',
      {
        schema: {
          tags: ['voice library'],
          summary: 'Turn sharing of one of your voices on or off (off: copies get the notice period)',
          description: SHARING_DESCRIPTION,
          params: voiceIdParams,
          body: shareVoiceBody,
          response: { 200: voiceSharing },
        },
      },
      async (request) =>
        (await service.share(requirePrincipal(request), request.params.voice_id, request.body))!,
    );

    app.get(
      '/v1/voices/:voice_id/share/stats',
      {
        schema: {
          tags: ['voice library'],
          summary:
            "Your shared voice's uses (generations with copies by other workspaces) and copies, per day",
          params: voiceIdParams,
          querystring: shareStatsQuery,
          response: { 200: shareStatsResponse },
        },
      },
      (request) =>
        service.stats(
          requirePrincipal(request),
          request.params.voice_id,
          request.query.range,
          request.query.reader_app ?? false,
        ),
    );

    app.get(
      '/v1/shared-voices',
      {
        schema: {
          tags: ['voice library'],
          summary: 'Voices shared in the library by every workspace',
          querystring: sharedVoicesQuery,
          response: { 200: libraryVoicesResponse },
        },
      },
      (request) => service.list(requirePrincipal(request), request.query),
    );

    app.get(
      '/v1/voices/:public_user_id/:voice_id',
      {
        schema: {
          tags: ['voice library'],
          summary: "A shared voice's public page",
          params: sharedVoiceParams,
          response: { 200: libraryVoice },
        },
      },
      (request) =>
        service.get(requirePrincipal(request), request.params.public_user_id, request.params.voice_id),
    );

    app.post(
      '/v1/voices/add/:public_user_id/:voice_id',
      {
        schema: {
          tags: ['voice library'],
          summary: 'Add a shared voice to your voices (a copy that works until its owner stops sharing it)',
          params: sharedVoiceParams,
          body: addSharedVoiceBody,
          response: { 200: addSharedVoiceResponse },
        },
      },
      (request) =>
        service.add(
          requirePrincipal(request),
          request.params.public_user_id,
          request.params.voice_id,
          request.body.new_name,
        ),
    );

    app.get(
      '/v1/shared-voices/:public_user_id/:voice_id/preview',
      {
        config: { public: true },
        schema: {
          tags: ['voice library'],
          summary: "A shared voice's preview clip (public)",
          security: [],
          params: sharedVoiceParams,
        },
      },
      async (request, reply) => {
        const audio = await previews.audio(request.params.public_user_id, request.params.voice_id);
        reply
          .header('etag', audio.etag)
          .header('cache-control', 'public, max-age=300')
          .header('cross-origin-resource-policy', 'cross-origin');
        if (request.headers['if-none-match'] === audio.etag) return reply.code(304).send();
        return reply.type(audio.type).send(Buffer.from(audio.data));
      },
    );
  };
