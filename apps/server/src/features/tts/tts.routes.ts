import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { audioWithTimestamps, ttsBody, ttsParams, ttsQuery } from '@vocalis/contracts/text-to-speech';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { requirePrincipal } from '../../plugins/auth';
import { speechReplies, timedJson } from './tts-http';
import type { TextToSpeechService } from './tts.service';

const schema = (summary: string, extra: object = {}) => ({
  tags: ['text-to-speech'],
  summary,
  params: ttsParams,
  querystring: ttsQuery,
  body: ttsBody,
  ...extra,
});

type TtsInput = {
  params: z.infer<typeof ttsParams>;
  query: z.infer<typeof ttsQuery>;
  body: z.infer<typeof ttsBody>;
};

export const ttsRoutes =
  (service: TextToSpeechService): FastifyPluginAsyncZod =>
  async (app) => {
    const send = speechReplies(service, timedJson);
    const prepare = async (request: FastifyRequest & TtsInput) =>
      service.prepare({
        userId: requirePrincipal(request).userId,
        caller: requirePrincipal(request),
        requestId: request.id,
        // The workspace's own settings for the voice (settings/edit) stand in for the voice's defaults.
        voice: await service.voices.profileFor(requirePrincipal(request), request.params.voice_id),
        body: request.body,
        // The query schema has already refused formats the table does not know.
        target: parseOutputFormat(request.query.output_format)!,
        enableLogging: request.query.enable_logging,
        source: 'text_to_speech',
      });

    app.post(
      '/v1/text-to-speech/:voice_id',
      { schema: schema('Convert text to speech: the whole audio file') },
      async (request, reply) => send.file(request, reply, await prepare(request)),
    );

    app.post(
      '/v1/text-to-speech/:voice_id/stream',
      { schema: schema('Convert text to speech, streamed as each sentence is ready (raw audio, chunked)') },
      async (request, reply) => send.stream(request, reply, await prepare(request)),
    );

    app.post(
      '/v1/text-to-speech/:voice_id/with-timestamps',
      {
        schema: schema('Convert text to speech with character timings (JSON, base64 audio)', {
          response: { 200: audioWithTimestamps },
        }),
      },
      async (request, reply) => send.json(request, reply, await prepare(request)),
    );

    app.post(
      '/v1/text-to-speech/:voice_id/stream/with-timestamps',
      {
        schema: schema(
          'Convert text to speech with character timings, streamed: one JSON object per line, one per sentence',
        ),
      },
      async (request, reply) => send.ndjson(request, reply, await prepare(request)),
    );
  };
