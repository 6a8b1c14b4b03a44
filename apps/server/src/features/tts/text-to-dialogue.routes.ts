import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { dialogueBody, dialogueQuery, dialogueWithTimestamps } from '@vocalis/contracts/text-to-dialogue';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { requirePrincipal } from '../../plugins/auth';
import type { TextToDialogueService } from './text-to-dialogue.service';
import { speechReplies, timedJson } from './tts-http';
import type { TimedAudio } from './tts-generation';

const schema = (summary: string, extra: object = {}) => ({
  tags: ['text-to-dialogue'],
  summary,
  querystring: dialogueQuery,
  body: dialogueBody,
  ...extra,
});

type DialogueRequest = FastifyRequest & {
  query: z.infer<typeof dialogueQuery>;
  body: z.infer<typeof dialogueBody>;
};

const toJson = (p: TimedAudio) => ({ ...timedJson(p), voice_segments: p.voiceSegments });

export const textToDialogueRoutes =
  (service: TextToDialogueService): FastifyPluginAsyncZod =>
  async (app) => {
    const send = speechReplies(service, toJson);
    const prepare = (request: DialogueRequest) =>
      service.prepare({
        userId: requirePrincipal(request).userId,
        caller: requirePrincipal(request),
        requestId: request.id,
        body: request.body,
        // The query schema has already refused formats the table does not know.
        target: parseOutputFormat(request.query.output_format)!,
        enableLogging: request.query.enable_logging,
      });

    app.post(
      '/v1/text-to-dialogue',
      { schema: schema('Convert a dialogue (text and voice pairs) to one audio file') },
      async (request, reply) => send.file(request, reply, await prepare(request)),
    );

    app.post(
      '/v1/text-to-dialogue/stream',
      {
        schema: schema(
          'Convert a dialogue to audio, streamed as each sentence is ready (raw audio, chunked)',
        ),
      },
      async (request, reply) => send.stream(request, reply, await prepare(request)),
    );

    app.post(
      '/v1/text-to-dialogue/with-timestamps',
      {
        schema: schema('Convert a dialogue to audio with character timings and voice segments (JSON)', {
          response: { 200: dialogueWithTimestamps },
        }),
      },
      async (request, reply) => send.json(request, reply, await prepare(request)),
    );

    app.post(
      '/v1/text-to-dialogue/stream/with-timestamps',
      {
        schema: schema(
          'Convert a dialogue to audio with timings, streamed: one JSON object per line of output, one per sentence',
        ),
      },
      async (request, reply) => send.ndjson(request, reply, await prepare(request)),
    );
  };
