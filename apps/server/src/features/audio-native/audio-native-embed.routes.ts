import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendStoredFile } from '../../lib/send-stored-file';
import type { AudioNativeService } from './audio-native.service';
import { FRAME_SCRIPT, PLAYER_SCRIPT, playerPage } from './embed-assets';

/** Anyone may load and frame the player: other sites embed it (decision 173). */
function embeddable(reply: FastifyReply) {
  reply.removeHeader('x-frame-options');
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('cross-origin-embedder-policy', 'unsafe-none');
  return reply;
}

/** The public player: loader script, player page and its audio, by embed id. */
export const audioNativeEmbedRoutes =
  (service: AudioNativeService): FastifyPluginAsync =>
  async (app) => {
    const config = { public: true };
    const schema = { hide: true };
    app.get('/audio-native/player.js', { config, schema }, async (_r, reply) =>
      embeddable(reply)
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(PLAYER_SCRIPT),
    );
    app.get('/audio-native/frame.js', { config, schema }, async (_r, reply) =>
      embeddable(reply)
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(FRAME_SCRIPT),
    );
    app.get<{ Params: { embed_id: string } }>(
      '/audio-native/embed/:embed_id',
      { config, schema },
      async (r, reply) => {
        const { row, project } = await service.embed(r.params.embed_id);
        const html = playerPage({
          ...row,
          ready: !!project.latestSnapshotId,
          narrationId: project.latestSnapshotId,
        });
        return embeddable(reply)
          .header(
            'content-security-policy',
            "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; media-src 'self'; img-src http: https:; frame-ancestors *",
          )
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );
    app.get<{ Params: { embed_id: string } }>(
      '/audio-native/embed/:embed_id/audio.mp3',
      { config, schema },
      async (r, reply) => {
        const file = await service.embedAudio(r.params.embed_id);
        // Byte ranges: browsers seek (and resume a session, decision 212) only in audio served with them.
        return sendStoredFile(r, embeddable(reply), Object.assign(file, { contentType: 'audio/mpeg' }));
      },
    );
  };
