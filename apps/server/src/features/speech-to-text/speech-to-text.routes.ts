import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forcedAlignmentFields,
  forcedAlignmentResponse,
  speechToTextAccepted,
  speechToTextFields,
  transcriptionIdParams,
  transcriptList,
  transcriptListQuery,
  transcriptResponse,
} from '@vocalis/contracts/speech-to-text';
import { MAX_TRANSCRIPTION_BYTES } from '@vocalis/domain/transcripts/speech-to-text-rules';
import { guardMultipartFields } from '../../plugins/input-guard';
import { requirePrincipal } from '../../plugins/auth';
import { disconnectSignal } from '../tts/tts-http';
import type { UploadedMedia } from './media-input';
import { openAiTranscriptionRoutes } from './openai-transcriptions.routes';
import type { SpeechToTextService } from './speech-to-text.service';
import { presentSummary, presentTranscript } from './transcripts.presenter';

/** Reads a file part whole (up to the size limit, then marked truncated) into the body. */
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

/** Multipart parsing for the upload routes of this feature, with the input guard over the fields. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: collectFile,
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_TRANSCRIPTION_BYTES, files: 1, fields: 40, fieldSize: 256 * 1024 },
  });
  guardMultipartFields(app);
}

const CONVERT_DESCRIPTION =
  'multipart/form-data as `speechToText.convert` sends it: `model_id` (scribe_v1, scribe_v2, whisper-1 and ' +
  'the other aliases use the best engine here; vocalis_stt_builtin or vocalis_stt_remote pick one), `file` or ' +
  '`cloud_storage_url` (http or https, up to 200 MB; audio: aac, aiff, ogg, mp3, opus, wav, webm, flac, mp4, ' +
  'm4a; video: mp4, avi, mkv, mov, wmv, flv, webm, mpeg, 3gpp), `language_code`, `timestamps_granularity`, ' +
  '`diarize` and `num_speakers`, `additional_formats` (srt, txt, segmented_json, html; docx and pdf are ' +
  'refused) and `webhook` (answers at once; a job makes the transcript, read it with GET ' +
  '/v1/speech-to-text/transcripts/{id} or follow the live `transcript` collection). The built-in engine is ' +
  'PocketSphinx: US English only, without language detection (language_probability 0 when no language_code ' +
  'is given), no audio event tags; diarization splits at pauses and clusters voices by pitch and brightness. ' +
  'Character times are spread evenly over each word. Audio seconds count against the plan audio minutes.';

/** Speech to text, its transcripts, forced alignment and the OpenAI-compatible transcription route. */
export const speechToTextRoutes =
  (service: SpeechToTextService): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app);

    app.post(
      '/v1/speech-to-text',
      {
        schema: {
          tags: ['speech-to-text'],
          summary: 'Transcribe an audio or video file',
          description: CONVERT_DESCRIPTION,
          consumes: ['multipart/form-data'],
          body: speechToTextFields,
          response: { 200: transcriptResponse.or(speechToTextAccepted) },
        },
      },
      async (r, reply) => {
        const out = await service.convert({
          caller: requirePrincipal(r),
          requestId: r.id,
          fields: r.body,
          source: r.headers['x-vocalis-source'] === 'app' ? 'app' : 'api',
          signal: disconnectSignal(reply),
        });
        if (out.kind === 'accepted')
          return {
            message: 'Request accepted; the transcript is being made.',
            request_id: r.id,
            transcription_id: out.row.id,
          };
        return presentTranscript(out.row, out.formats);
      },
    );

    app.get(
      '/v1/speech-to-text/transcripts',
      {
        schema: {
          tags: ['speech-to-text'],
          summary: "The workspace's transcripts, newest first",
          querystring: transcriptListQuery,
          response: { 200: transcriptList },
        },
      },
      async (r) => {
        const out = await service.list(requirePrincipal(r), r.query.page_size);
        return { transcripts: out.rows.map(presentSummary), has_more: out.hasMore };
      },
    );

    app.get(
      '/v1/speech-to-text/transcripts/:transcription_id',
      {
        schema: {
          tags: ['speech-to-text'],
          summary: 'A transcript',
          description: 'Answers 409 transcript_processing while a webhook-mode job still works on it.',
          params: transcriptionIdParams,
          response: { 200: transcriptResponse },
        },
      },
      async (r) => {
        const out = await service.get(requirePrincipal(r), r.params.transcription_id);
        return presentTranscript(out.row, out.formats);
      },
    );

    app.delete(
      '/v1/speech-to-text/transcripts/:transcription_id',
      {
        schema: {
          tags: ['speech-to-text'],
          summary: 'Delete a transcript',
          params: transcriptionIdParams,
        },
      },
      async (r, reply) => {
        await service.delete(requirePrincipal(r), r.params.transcription_id);
        return reply.code(200).send({ status: 'ok' });
      },
    );

    app.post(
      '/v1/forced-alignment',
      {
        schema: {
          tags: ['forced-alignment'],
          summary: 'Align a text to its audio: words and characters with start and end times',
          description:
            'multipart/form-data: `file` (audio) and `text`. Built on the recogniser: words it heard take its ' +
            'times (loss = -ln confidence), the others share the time between heard neighbours by length ' +
            '(loss 2). Audio seconds count against the plan audio minutes.',
          consumes: ['multipart/form-data'],
          body: forcedAlignmentFields,
          response: { 200: forcedAlignmentResponse },
        },
      },
      async (r, reply) => {
        const a = await service.align(requirePrincipal(r), r.body.file, r.body.text, disconnectSignal(reply));
        return { characters: a.characters, words: a.words.map(({ heard: _h, ...w }) => w), loss: a.loss };
      },
    );

    await app.register(openAiTranscriptionRoutes(service));
  };
