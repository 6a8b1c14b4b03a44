import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { stsFields, stsParams, stsQuery } from '@vocalis/contracts/speech-to-speech';
import { MAX_STS_BYTES } from '@vocalis/domain/audio-tools/speech-to-speech';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { requirePrincipal } from '../../plugins/auth';
import { guardMultipartFields } from '../../plugins/input-guard';
import { disconnectSignal } from '../tts/tts-http';
import type { UploadedFile } from '../voices/voice-samples';
import { audioPart } from './sts-input';
import type { SpeechToSpeechService, StsResult } from './speech-to-speech.service';

/** Reads the file part whole (up to the size limit, then marked truncated) into the body. */
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
  'multipart/form-data: `audio` (aac, aiff, ogg, mp3, opus, wav, webm, flac, mp4, m4a, or raw 16-bit 16 kHz mono ' +
  'with `file_format=pcm_s16le_16`; at most 50 MB and 300 s), `model_id`, `voice_settings` (JSON), `seed`, ' +
  '`remove_background_noise`. The built-in model (vocalis_sts_dsp_v1, also serving eleven_english_sts_v2 and ' +
  'eleven_multilingual_sts_v2) is signal processing, not a neural voice changer: the words, timing and intonation ' +
  "shape are the speaker's; pitch level and range, formant scale and brightness move to the target voice's " +
  'measured profile. Charged 1,000 characters per minute of input, by the started second.';

type StsInput = {
  params: z.infer<typeof stsParams>;
  query: z.infer<typeof stsQuery>;
  body: z.infer<typeof stsFields>;
};

const schema = (summary: string) => ({
  tags: ['speech-to-speech'],
  summary,
  description: DESCRIPTION,
  consumes: ['multipart/form-data'],
  params: stsParams,
  querystring: stsQuery,
  body: stsFields,
});

function headers(request: FastifyRequest, reply: FastifyReply, r: StsResult) {
  reply
    .header('content-type', r.contentType)
    .header('request-id', request.id)
    .header('x-character-count', String(r.characters));
  if (r.historyItemId) reply.header('history-item-id', r.historyItemId);
  if (r.report)
    reply.header(
      'x-conversion',
      JSON.stringify({
        source_pitch_hz: Math.round(r.report.sourcePitchHz),
        target_pitch_hz: Math.round(r.report.targetPitchHz),
        range_factor: +r.report.rangeFactor.toFixed(2),
        formant_scale: +r.report.formantScale.toFixed(3),
        brightness_db: +r.report.brightnessDb.toFixed(1),
      }),
    );
  return reply;
}

/** Speech to speech: speechToSpeech.convert and .stream. */
export const speechToSpeechRoutes =
  (service: SpeechToSpeechService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_STS_BYTES, files: 1, fields: 10, fieldSize: 8 * 1024 },
    });
    guardMultipartFields(app);

    const convert = (request: FastifyRequest & StsInput, reply: FastifyReply) => {
      const caller = requirePrincipal(request);
      return service.convert({
        userId: caller.userId,
        caller,
        requestId: request.id,
        voiceId: request.params.voice_id,
        fields: request.body,
        file: audioPart(request.body.audio),
        // The query schema has already refused formats the table does not know.
        format: parseOutputFormat(request.query.output_format)!,
        enableLogging: request.query.enable_logging,
        signal: disconnectSignal(reply),
      });
    };

    app.post(
      '/v1/speech-to-speech/:voice_id',
      { schema: schema('Convert speech to the target voice: the whole audio file') },
      async (request, reply) => {
        const r = await convert(request, reply);
        return headers(request, reply, r).send(Buffer.from(r.audio));
      },
    );

    app.post(
      '/v1/speech-to-speech/:voice_id/stream',
      { schema: schema('Convert speech to the target voice, sent as a chunked stream') },
      async (request, reply) => {
        const r = await convert(request, reply);
        // The conversion works on the whole clip; the encoded result is sent in chunks as it is written out.
        const chunks = function* () {
          for (let i = 0; i < r.audio.length; i += 16 * 1024)
            yield Buffer.from(r.audio.subarray(i, i + 16 * 1024));
        };
        return headers(request, reply, r).send(Readable.from(chunks()));
      },
    );
  };
