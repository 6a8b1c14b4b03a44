import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  captchaFields,
  captchaResponse,
  captchaResultResponse,
  createPvcRequest,
  editPvcRequest,
  manualVerificationFields,
  pvcStatusResponse,
  pvcVoiceIdResponse,
  trainPvcRequest,
} from '@vocalis/contracts/pvc';
import { voiceIdParams } from '@vocalis/contracts/voices';
import {
  CAPTCHA_MAX_SPEAKER_DISTANCE,
  CAPTCHA_MIN_WORD_RECALL,
  MAX_PVC_SAMPLES,
  MAX_VERIFICATION_ATTEMPTS,
} from '@vocalis/domain/voices/professional-cloning';
import { MAX_SAMPLE_BYTES } from '@vocalis/domain/voices/voice-cloning';
import { guardMultipartFields } from '../../plugins/input-guard';
import { requirePrincipal } from '../../plugins/auth';
import { uploadsOf } from '../voices/voice-upload-fields';
import type { UploadedFile } from '../voices/voice-samples';
import type { PvcService } from './pvc.service';

/** Reads a file part whole (up to the size limit, then marked truncated) into the body. */
export async function collectFile(part: MultipartFile): Promise<void> {
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

/** Multipart parsing for this plugin's routes (files kept in memory, checked by the services). */
export async function registerUploads(app: Parameters<FastifyPluginAsyncZod>[0]): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: collectFile,
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_SAMPLE_BYTES, files: MAX_PVC_SAMPLES + 1, fields: 20, fieldSize: 64 * 1024 },
  });
  guardMultipartFields(app);
}

const TAGS = ['voices'];

/** Professional voices: create, edit, train, verification (SDK `voices.pvc.*`). */
export const pvcRoutes =
  (service: PvcService): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app);

    app.post(
      '/v1/voices/pvc',
      {
        schema: {
          tags: TAGS,
          summary: 'Create a professional voice (metadata only; add samples, verify, then train)',
          body: createPvcRequest,
          response: { 200: pvcVoiceIdResponse },
        },
      },
      (request) => service.create(requirePrincipal(request), request.body),
    );

    app.post(
      '/v1/voices/pvc/:voice_id',
      {
        schema: {
          tags: TAGS,
          summary: "Edit a professional voice's name, language, description and labels",
          params: voiceIdParams,
          body: editPvcRequest,
          response: { 200: pvcVoiceIdResponse },
        },
      },
      (request) => service.update(requirePrincipal(request), request.params.voice_id, request.body),
    );

    app.post(
      '/v1/voices/pvc/:voice_id/train',
      {
        schema: {
          tags: TAGS,
          summary:
            'Start training a professional voice (a background job; progress in fine_tuning and live updates)',
          description:
            'Fits the fine profile: per-sentence pitch and rate, pauses, pitch contour, measured over all samples ' +
            '(only the selected speakers of separated samples), applied to built-in voices. Not a neural model.',
          params: voiceIdParams,
          body: trainPvcRequest.optional(),
          response: { 200: pvcStatusResponse },
        },
      },
      (request) => service.train(requirePrincipal(request), request.params.voice_id, request.body?.model_id),
    );

    app.get(
      '/v1/voices/pvc/:voice_id/captcha',
      {
        schema: {
          tags: TAGS,
          summary: 'The text to read aloud to verify a professional voice',
          params: voiceIdParams,
          response: { 200: captchaResponse },
        },
      },
      async (request) => {
        const c = await service.captcha(requirePrincipal(request), request.params.voice_id);
        return {
          text: c.text,
          attempts_used: c.attemptsUsed,
          max_attempts: MAX_VERIFICATION_ATTEMPTS,
          min_word_recall: CAPTCHA_MIN_WORD_RECALL,
        };
      },
    );

    app.post(
      '/v1/voices/pvc/:voice_id/captcha',
      {
        schema: {
          tags: TAGS,
          summary: 'Verify a professional voice with a recording of the captcha text',
          description: `multipart/form-data: \`recording\` (audio). PocketSphinx transcribes it; at least ${CAPTCHA_MIN_WORD_RECALL * 100} % of the captcha's words must be recognised, in order, and the reader's voice must lie within ${CAPTCHA_MAX_SPEAKER_DISTANCE} of the samples' (semitones of median pitch, 3 dB of spectral tilt counting as one; decision 087).`,
          consumes: ['multipart/form-data'],
          params: voiceIdParams,
          body: captchaFields,
          response: { 200: captchaResultResponse },
        },
      },
      async (request) => {
        const [recording] = uploadsOf(request.body.recording);
        const r = await service.verifyCaptcha(requirePrincipal(request), request.params.voice_id, recording);
        return {
          status: r.status,
          accepted: r.accepted,
          similarity: r.similarity,
          levenshtein_distance: r.distance,
          heard: r.heard,
          text: r.text,
          speaker_distance: r.speaker_distance,
          ...(r.failure ? { failure: r.failure } : {}),
        };
      },
    );

    app.post(
      '/v1/voices/pvc/:voice_id/verification',
      {
        schema: {
          tags: TAGS,
          summary: 'Request manual verification of a professional voice (files and a note)',
          consumes: ['multipart/form-data'],
          params: voiceIdParams,
          body: manualVerificationFields,
          response: { 200: pvcStatusResponse },
        },
      },
      (request) =>
        service.requestManualVerification(
          requirePrincipal(request),
          request.params.voice_id,
          request.body.extra_text ?? '',
          uploadsOf(request.body.files),
        ),
    );
  };
