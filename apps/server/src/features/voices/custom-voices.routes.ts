import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addVoiceResponse,
  voiceIdParams,
  voiceSampleParams,
  voiceStatusResponse,
  voiceUploadFields,
} from '@vocalis/contracts/voices';
import { guardMultipartFields } from '../../plugins/input-guard';
import { MAX_SAMPLE_BYTES, MAX_SAMPLES_PER_VOICE } from '@vocalis/domain/voices/voice-cloning';
import { requirePrincipal } from '../../plugins/auth';
import type { CustomVoicesService } from './custom-voices.service';
import type { UploadedFile } from './voice-samples';

/** Reads a file part whole (up to the size limit, then marked truncated) into the body's `files`. */
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

const UPLOAD_DESCRIPTION =
  'multipart/form-data: `files` (one part per audio sample: aac, aiff, ogg, mp3, opus, wav, webm, flac, mp4, m4a; ' +
  `at most ${MAX_SAMPLE_BYTES / 1024 / 1024} MB each, ${MAX_SAMPLES_PER_VOICE} per voice), \`name\`, \`description\`, ` +
  '`labels` (a JSON object of strings) and `remove_background_noise`. The voice is a profile voice: its pitch, ' +
  'pace and brightness are measured from the samples and applied to a built-in voice (not a neural clone).';

/** Instant cloning and a workspace's own voices: add, edit, delete, samples. */
export const customVoicesRoutes =
  (service: CustomVoicesService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: {
        fileSize: MAX_SAMPLE_BYTES,
        files: MAX_SAMPLES_PER_VOICE + 1,
        fields: 20,
        fieldSize: 64 * 1024,
      },
    });
    // The root input guard runs before the multipart parser fills the body: check the fields here.
    guardMultipartFields(app);

    app.post(
      '/v1/voices/add',
      {
        schema: {
          tags: ['voices'],
          summary: 'Add a voice from audio samples (instant cloning)',
          description: UPLOAD_DESCRIPTION,
          consumes: ['multipart/form-data'],
          body: voiceUploadFields,
          response: { 200: addVoiceResponse },
        },
      },
      (request) => service.add(requirePrincipal(request), request.body),
    );

    app.post(
      '/v1/voices/:voice_id/edit',
      {
        schema: {
          tags: ['voices'],
          summary: 'Edit a voice: name, description, labels; new files are added as samples',
          description: UPLOAD_DESCRIPTION,
          consumes: ['multipart/form-data'],
          params: voiceIdParams,
          body: voiceUploadFields,
          response: { 200: voiceStatusResponse },
        },
      },
      async (request) => {
        await service.edit(requirePrincipal(request), request.params.voice_id, request.body);
        return { status: 'ok' as const };
      },
    );

    app.delete(
      '/v1/voices/:voice_id',
      {
        schema: {
          tags: ['voices'],
          summary: 'Delete one of your voices with its samples',
          params: voiceIdParams,
          response: { 200: voiceStatusResponse },
        },
      },
      async (request) => {
        await service.delete(requirePrincipal(request), request.params.voice_id);
        return { status: 'ok' as const };
      },
    );

    app.delete(
      '/v1/voices/:voice_id/samples/:sample_id',
      {
        schema: {
          tags: ['voices'],
          summary: "Delete a sample of one of your voices (the voice's profile is fitted again)",
          params: voiceSampleParams,
          response: { 200: voiceStatusResponse },
        },
      },
      async (request) => {
        const { voice_id, sample_id } = request.params;
        await service.deleteSample(requirePrincipal(request), voice_id, sample_id);
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/v1/voices/:voice_id/samples/:sample_id/audio',
      {
        schema: {
          tags: ['voices'],
          summary: 'The audio of a voice sample, as it was uploaded',
          params: voiceSampleParams,
        },
      },
      async (request, reply) => {
        const { voice_id, sample_id } = request.params;
        const audio = await service.sampleAudio(requirePrincipal(request), voice_id, sample_id);
        return reply.type(audio.mimeType || 'application/octet-stream').send(Buffer.from(audio.data));
      },
    );
  };
