import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { audioWithTimestamps, ttsBody, ttsParams, ttsQuery } from '@vocalis/contracts/text-to-speech';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { requirePrincipal } from '../../plugins/auth';
import { audioHeaders, disconnectSignal, streamOf } from './tts-http';
import type { TextToSpeechService, TimedAudio } from './tts.service';

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

const toJson = (p: TimedAudio) => ({
  audio_base64: Buffer.from(p.audio.buffer, p.audio.byteOffset, p.audio.byteLength).toString('base64'),
  alignment: p.alignment,
  normalized_alignment: p.normalizedAlignment,
});

export const ttsRoutes =
  (service: TextToSpeechService): FastifyPluginAsyncZod =>
  async (app) => {
    const prepare = (request: FastifyRequest & TtsInput) =>
      service.prepare({
        userId: requirePrincipal(request).userId,
        caller: requirePrincipal(request),
        requestId: request.id,
        voice: service.voices.profile(request.params.voice_id),
        body: request.body,
        // The query schema has already refused formats the table does not know.
        target: parseOutputFormat(request.query.output_format)!,
        enableLogging: request.query.enable_logging,
        source: 'text_to_speech',
      });

    app.post(
      '/v1/text-to-speech/:voice_id',
      { schema: schema('Convert text to speech: the whole audio file') },
      async (request, reply) => {
        const g = await prepare(request);
        const { audio } = await service.convert(g, disconnectSignal(reply));
        return audioHeaders(request, reply, g, g.target.contentType).send(Buffer.from(audio));
      },
    );

    app.post(
      '/v1/text-to-speech/:voice_id/stream',
      { schema: schema('Convert text to speech, streamed as each sentence is ready (raw audio, chunked)') },
      async (request, reply) => {
        const g = await prepare(request);
        const stream = await streamOf(service.audio(g, disconnectSignal(reply)), (b) => b);
        return audioHeaders(request, reply, g, g.target.contentType).send(stream);
      },
    );

    app.post(
      '/v1/text-to-speech/:voice_id/with-timestamps',
      {
        schema: schema('Convert text to speech with character timings (JSON, base64 audio)', {
          response: { 200: audioWithTimestamps },
        }),
      },
      async (request, reply) => {
        const g = await prepare(request);
        const result = await service.convert(g, disconnectSignal(reply));
        audioHeaders(request, reply, g, 'application/json; charset=utf-8');
        return toJson(result);
      },
    );

    app.post(
      '/v1/text-to-speech/:voice_id/stream/with-timestamps',
      {
        schema: schema(
          'Convert text to speech with character timings, streamed: one JSON object per line, one per sentence',
        ),
      },
      async (request, reply) => {
        const g = await prepare(request);
        const stream = await streamOf(
          service.timed(g, disconnectSignal(reply)),
          (p) => `${JSON.stringify(toJson(p))}\n`,
        );
        return audioHeaders(request, reply, g, 'application/x-ndjson; charset=utf-8').send(stream);
      },
    );
  };
