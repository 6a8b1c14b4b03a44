import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  audioNativeContentFields,
  audioNativeCreated,
  audioNativeEdited,
  audioNativeList,
  audioNativeParams,
  audioNativeSettings,
  audioNativeUrlBody,
  createAudioNativeFields,
} from '@vocalis/contracts/audio-native';
import { requirePrincipal } from '../../plugins/auth';
import { guardMultipartFields } from '../../plugins/input-guard';
import { MAX_DOCUMENT_BYTES } from '../studio/document-import';
import type { UploadedFile } from '../voices/voice-samples';
import type { AudioNativeService } from './audio-native.service';

async function collectFile(part: MultipartFile): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  (part as unknown as { value: UploadedFile }).value = {
    filename: part.filename,
    mimetype: part.mimetype,
    data: Buffer.concat(chunks),
    truncated: part.file.truncated,
  };
}
const fileOf = (v: unknown): UploadedFile | null => {
  const one = Array.isArray(v) ? v[0] : v;
  return one && typeof one === 'object' && Buffer.isBuffer((one as UploadedFile).data)
    ? (one as UploadedFile)
    : null;
};

const tags = ['audio-native'];
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const playerBody = z.object({
  title: z.string().max(500).optional(),
  author: z.string().max(500).optional(),
  image: z.string().max(2000).optional(),
  small: z.boolean().optional(),
  text_color: color.optional(),
  background_color: color.optional(),
  sessionization: z.number().int().min(0).max(1440).optional(),
});

/** audioNative.* (decision 173) and the app's list and player-settings routes. */
export const audioNativeRoutes =
  (service: AudioNativeService, origin: string): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 30, fieldSize: 100_000 },
    });
    guardMultipartFields(app);

    app.post(
      '/v1/audio-native',
      {
        schema: {
          tags,
          summary: 'Create an audio native project (a Studio project with an embeddable player)',
          description:
            "multipart/form-data: the article as `file` (txt, md, html, epub, docx, pdf) or `url`; counts against the plan's Studio project limit.",
          consumes: ['multipart/form-data'],
          body: createAudioNativeFields,
          response: { 200: audioNativeCreated },
        },
      },
      (r) => service.create(requirePrincipal(r), r.body, fileOf(r.body.file), origin),
    );
    app.get(
      '/v1/audio-native',
      {
        schema: {
          tags,
          summary: 'Audio native projects of the workspace',
          response: { 200: audioNativeList },
        },
      },
      (r) => service.list(requirePrincipal(r), origin),
    );
    app.get(
      '/v1/audio-native/:project_id/settings',
      {
        schema: {
          tags,
          summary: 'The player settings of an audio native project',
          params: audioNativeParams,
          response: { 200: audioNativeSettings },
        },
      },
      (r) => service.settings(requirePrincipal(r), r.params.project_id, origin),
    );
    app.post(
      '/v1/audio-native/:project_id/settings',
      {
        schema: {
          tags,
          summary: "Change the player's title, author, image, size and colours",
          params: audioNativeParams,
          body: playerBody,
          response: { 200: audioNativeSettings },
        },
      },
      (r) => service.updatePlayer(requirePrincipal(r), r.params.project_id, r.body, origin),
    );
    app.post(
      '/v1/audio-native/:project_id/content',
      {
        schema: {
          tags,
          summary: 'Replace the article of an audio native project',
          consumes: ['multipart/form-data'],
          params: audioNativeParams,
          body: audioNativeContentFields,
          response: { 200: audioNativeEdited },
        },
      },
      (r) =>
        service.updateContent(requirePrincipal(r), r.params.project_id, r.body, fileOf(r.body.file), origin),
    );
    app.post(
      '/v1/audio-native/content',
      {
        schema: {
          tags,
          summary: 'Read the page again for the project made from this URL, and convert it',
          body: audioNativeUrlBody,
          response: { 200: audioNativeEdited },
        },
      },
      (r) => service.updateFromUrl(requirePrincipal(r), r.body, origin),
    );
  };
