import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dubbingAudioQuery,
  dubbingCreated,
  dubbingCreateFields,
  dubbingDeleted,
  dubbingIdParams,
  dubbingLanguageParams,
  dubbingLanguages,
  dubbingListQuery,
  dubbingMetadata,
  dubbingPage,
  dubbingTranscriptJson,
  dubbingTranscriptQuery,
} from '@vocalis/contracts/dubbing';
import { MAX_DUBBING_BYTES } from '@vocalis/domain/dubbing/dubbing-rules';
import { requirePrincipal } from '../../plugins/auth';
import { guardMultipartFields } from '../../plugins/input-guard';
import type { UploadedMedia } from '../speech-to-text/media-input';
import { presentDub } from './dubbing.presenter';
import type { DubbingService } from './dubbing.service';

async function collectFile(part: MultipartFile): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  const file: UploadedMedia = {
    filename: part.filename,
    mimetype: part.mimetype,
    data: Buffer.concat(chunks),
    truncated: part.file.truncated,
  };
  (part as unknown as { value: UploadedMedia }).value = file;
}

const CREATE_DESCRIPTION =
  'multipart/form-data as `dubbing.create` sends it: `file` (audio: aac, aiff, ogg, mp3, opus, wav, webm, flac, ' +
  'm4a; video: mp4, avi, mkv, mov, wmv, flv, webm, mpeg, 3gpp; up to 500 MB) or `source_url` (http or https, ' +
  'public addresses only), `source_lang` (`auto` or one of the 29 dubbing languages), `target_lang`, ' +
  '`num_speakers` (0 detects), `start_time`/`end_time`, `drop_background_audio`, and `mode=manual` with a ' +
  '`csv_file` (speaker, start_time, end_time, transcription, translation) and optional foreground/background ' +
  'audio. Answers at once; a job makes the dub (status dubbing → dubbed or failed; progress in GET ' +
  '/v1/dubbing/{id} and the live `dubbing` collection). Built in: PocketSphinx (English) hears the speech, ' +
  'Apertium translates the pairs installed (GET /v1/dubbing/languages lists them), eSpeak-NG voices fitted ' +
  'to each speaker speak. A pair no engine serves is refused with the list of pairs that work. Charged 3,000 ' +
  'characters per minute of source per target language, refunded if the dub fails.';

/** Dubbing: dubbing.create / list / get / delete, audio and transcripts per language. */
export const dubbingRoutes =
  (service: DubbingService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_DUBBING_BYTES, files: 4, fields: 40, fieldSize: 64 * 1024 },
    });
    guardMultipartFields(app);

    app.post(
      '/v1/dubbing',
      {
        schema: {
          tags: ['dubbing'],
          summary: 'Dub a video or an audio file into another language',
          description: CREATE_DESCRIPTION,
          consumes: ['multipart/form-data'],
          body: dubbingCreateFields,
          response: { 200: dubbingCreated },
        },
      },
      async (request) => {
        const r = await service.create(requirePrincipal(request), request.id, request.body);
        return { dubbing_id: r.id, expected_duration_sec: r.expected };
      },
    );

    app.get(
      '/v1/dubbing',
      {
        schema: {
          tags: ['dubbing'],
          summary: 'Dubs of the workspace, newest first',
          querystring: dubbingListQuery,
          response: { 200: dubbingPage },
        },
      },
      (request) => service.list(requirePrincipal(request), request.query),
    );

    app.get(
      '/v1/dubbing/languages',
      {
        schema: {
          tags: ['dubbing'],
          summary: 'The languages, pairs and translators this server dubs with',
          response: { 200: dubbingLanguages },
        },
      },
      async (request) => {
        requirePrincipal(request);
        return service.languages();
      },
    );

    app.get(
      '/v1/dubbing/:dubbing_id',
      {
        schema: {
          tags: ['dubbing'],
          summary: 'A dub: status, progress, languages',
          params: dubbingIdParams,
          response: { 200: dubbingMetadata },
        },
      },
      async (request) => presentDub(await service.get(requirePrincipal(request), request.params.dubbing_id)),
    );

    app.delete(
      '/v1/dubbing/:dubbing_id',
      {
        schema: {
          tags: ['dubbing'],
          summary: 'Delete a dub and its files (a dub being made stops)',
          params: dubbingIdParams,
          response: { 200: dubbingDeleted },
        },
      },
      async (request) => {
        await service.delete(requirePrincipal(request), request.params.dubbing_id);
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/v1/dubbing/:dubbing_id/audio/:language_code',
      {
        schema: {
          tags: ['dubbing'],
          summary:
            'The dubbed media of a language: mp4 for a video source, mp3 for audio (audio_only=true: mp3 always)',
          params: dubbingLanguageParams,
          querystring: dubbingAudioQuery,
        },
      },
      async (request, reply) => {
        if (request.query.audio_only === 'true') {
          const mp3 = await service.outputAudio(
            requirePrincipal(request),
            request.params.dubbing_id,
            request.params.language_code,
          );
          return reply.type('audio/mpeg').header('content-length', String(mp3.length)).send(Buffer.from(mp3));
        }
        const { file, contentType } = await service.output(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.language_code,
        );
        return reply.type(contentType).header('content-length', String(file.size)).send(file.read());
      },
    );

    app.get(
      '/v1/dubbing/:dubbing_id/transcript/:language_code',
      {
        schema: {
          tags: ['dubbing'],
          summary:
            'Subtitles of the source (`source`) or a dubbed language: SRT or WebVTT as a JSON string, or the json transcript',
          params: dubbingLanguageParams,
          querystring: dubbingTranscriptQuery,
        },
      },
      async (request, reply) => {
        const [caller, id, lang] = [
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.language_code,
        ];
        const format = request.query.format_type;
        // The SDK reads this answer as JSON: the subtitles go as one JSON string, as ElevenLabs sends them.
        const body =
          format === 'json'
            ? await service.transcript(caller, id, lang, 'json')
            : await service.transcript(caller, id, lang, format);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
      },
    );

    app.get(
      '/v1/dubbing/:dubbing_id/transcripts/:language_code/format/:format_type',
      {
        schema: {
          tags: ['dubbing'],
          summary: 'Transcript of the source or a dubbed language, in a JSON envelope (srt, webvtt or json)',
          params: dubbingLanguageParams.extend({ format_type: z.enum(['srt', 'webvtt', 'json']) }),
          response: {
            200: z.object({
              transcript_format: z.enum(['srt', 'webvtt', 'json']),
              srt: z.string().optional(),
              webvtt: z.string().optional(),
              json: dubbingTranscriptJson.optional(),
            }),
          },
        },
      },
      async (request) => {
        const format = request.params.format_type;
        const [caller, id, lang] = [
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.language_code,
        ];
        if (format === 'json')
          return { transcript_format: format, json: await service.transcript(caller, id, lang, 'json') };
        return { transcript_format: format, [format]: await service.transcript(caller, id, lang, format) };
      },
    );
  };
