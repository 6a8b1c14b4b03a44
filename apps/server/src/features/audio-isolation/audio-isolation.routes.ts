import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  isolationDeleteResponse,
  isolationFields,
  isolationHistoryQuery,
  isolationHistoryResponse,
  isolationItemParams,
} from '@vocalis/contracts/audio-isolation';
import { MAX_STS_BYTES } from '@vocalis/domain/audio-tools/speech-to-speech';
import { requirePrincipal } from '../../plugins/auth';
import { guardMultipartFields } from '../../plugins/input-guard';
import { audioPart } from '../speech-to-speech/sts-input';
import type { UploadedFile } from '../voices/voice-samples';
import type { AudioIsolationService } from './audio-isolation.service';

async function collectFile(part: MultipartFile): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  const file: UploadedFile = {
    filename: part.filename,
    mimetype: part.mimetype,
    data: Buffer.concat(chunks),
    truncated: part.file.truncated,
  };
  (part as unknown as { value: UploadedFile }).value = file;
}

const DESCRIPTION =
  'multipart/form-data: `audio` (aac, aiff, ogg, mp3, opus, wav, webm, flac, mp4, m4a, or raw 16-bit 16 kHz mono with ' +
  '`file_format=pcm_s16le_16`; at most 50 MB and 300 s). Answers the voice as mp3 (44.1 kHz, 128 kbps). The built-in ' +
  'isolation removes steady background noise (hiss, hum, fans, rumble) with a spectral suppressor and a voice gate; ' +
  'it does not remove other voices or music. Charged 1,000 characters per minute of input, by the started second.';

/** Voice isolation: audioIsolation.convert / stream and its history. */
export const audioIsolationRoutes =
  (service: AudioIsolationService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_STS_BYTES, files: 1, fields: 5, fieldSize: 1024 },
    });
    guardMultipartFields(app);

    for (const [url, summary, stream] of [
      ['/v1/audio-isolation', 'Isolate the voice: remove background noise (the whole file)', false],
      ['/v1/audio-isolation/stream', 'Isolate the voice, sent as a chunked stream', true],
    ] as const)
      app.post(
        url,
        {
          schema: {
            tags: ['audio-isolation'],
            summary,
            description: DESCRIPTION,
            consumes: ['multipart/form-data'],
            body: isolationFields,
          },
        },
        async (request, reply) => {
          const r = await service.isolate({
            caller: requirePrincipal(request),
            requestId: request.id,
            file: audioPart(request.body.audio),
            raw: request.body.file_format === 'pcm_s16le_16',
          });
          reply
            .header('content-type', 'audio/mpeg')
            .header('request-id', request.id)
            .header('x-character-count', String(r.characters))
            .header('history-item-id', r.id);
          if (!stream) return reply.send(Buffer.from(r.audio));
          const chunks = function* () {
            for (let i = 0; i < r.audio.length; i += 16 * 1024)
              yield Buffer.from(r.audio.subarray(i, i + 16 * 1024));
          };
          return reply.send(Readable.from(chunks()));
        },
      );

    app.get(
      '/v1/audio-isolation/history',
      {
        schema: {
          tags: ['audio-isolation'],
          summary: 'Voice isolations of the workspace, newest first',
          querystring: isolationHistoryQuery,
          response: { 200: isolationHistoryResponse },
        },
      },
      (request) => service.list(requirePrincipal(request), request.query),
    );

    app.delete(
      '/v1/audio-isolation/history/:history_item_id',
      {
        schema: {
          tags: ['audio-isolation'],
          summary: 'Delete a voice isolation with its files',
          params: isolationItemParams,
          response: { 200: isolationDeleteResponse },
        },
      },
      async (request) => {
        await service.delete(requirePrincipal(request), request.params.history_item_id);
        return { status: 'ok' as const };
      },
    );

    for (const which of ['audio', 'original'] as const)
      app.get(
        `/v1/audio-isolation/history/:history_item_id/${which}`,
        {
          schema: {
            tags: ['audio-isolation'],
            summary: which === 'audio' ? 'The isolated audio (mp3)' : 'The upload as it was sent',
            params: isolationItemParams,
          },
        },
        async (request, reply) => {
          const { file, contentType } = await service.file(
            requirePrincipal(request),
            request.params.history_item_id,
            which,
          );
          return reply.type(contentType).header('content-length', String(file.size)).send(file.read());
        },
      );
  };
