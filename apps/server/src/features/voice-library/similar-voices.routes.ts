import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { libraryVoicesResponse, similarVoicesFields } from '@vocalis/contracts/voice-library';
import { guardMultipartFields } from '../../plugins/input-guard';
import { MAX_SAMPLE_BYTES } from '@vocalis/domain/voices/voice-cloning';
import { requirePrincipal } from '../../plugins/auth';
import type { UploadedFile } from '../voices/voice-samples';
import type { SimilarVoicesService } from './similar-voices.service';

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

/** POST /v1/similar-voices (multipart: audio_file, similarity_threshold, top_k). */
export const similarVoicesRoutes =
  (service: SimilarVoicesService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_SAMPLE_BYTES, files: 2, fields: 5, fieldSize: 1024 },
    });
    // The root input guard runs before the multipart parser fills the body: check the fields here.
    guardMultipartFields(app);
    app.post(
      '/v1/similar-voices',
      {
        schema: {
          tags: ['voice library'],
          summary: 'Library voices nearest to a recording, by voice profile (pitch, range, pace, brightness)',
          description:
            'multipart/form-data: `audio_file` (one recording), `similarity_threshold` (0–2, smaller is closer) and ' +
            '`top_k` (1–100, default 10). Distances compare measured voice profiles, not neural speaker embeddings.',
          consumes: ['multipart/form-data'],
          body: similarVoicesFields,
          response: { 200: libraryVoicesResponse },
        },
      },
      (request) => service.find(requirePrincipal(request), request.body),
    );
  };
