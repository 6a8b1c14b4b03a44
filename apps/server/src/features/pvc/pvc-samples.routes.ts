import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPvcSamplesFields,
  pvcSampleParams,
  pvcSamplesResponse,
  pvcSpeakerParams,
  pvcStatusResponse,
  pvcVoiceIdResponse,
  sampleAudioQuery,
  samplePreviewResponse,
  sampleWaveformResponse,
  speakerAudioResponse,
  speakerSeparationResponse,
  updatePvcSampleRequest,
} from '@vocalis/contracts/pvc';
import { voiceIdParams } from '@vocalis/contracts/voices';
import { requirePrincipal } from '../../plugins/auth';
import { uploadsOf } from '../voices/voice-upload-fields';
import { presentPvcSample, presentSeparation } from './pvc.presenter';
import type { PvcSamplesService } from './pvc-samples.service';
import { registerUploads } from './pvc.routes';

const TAGS = ['voices'];
const SAMPLE = '/v1/voices/pvc/:voice_id/samples/:sample_id';

/** A professional voice's samples and speaker separation (SDK `voices.pvc.samples.*`). */
export const pvcSamplesRoutes =
  (service: PvcSamplesService): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app);

    app.post(
      '/v1/voices/pvc/:voice_id/samples',
      {
        schema: {
          tags: TAGS,
          summary: 'Add audio samples to a professional voice (many files at once)',
          consumes: ['multipart/form-data'],
          params: voiceIdParams,
          body: addPvcSamplesFields,
          response: { 200: pvcSamplesResponse },
        },
      },
      async (request) => {
        const { voice_id } = request.params;
        const rows = await service.add(
          requirePrincipal(request),
          voice_id,
          uploadsOf(request.body.files),
          request.body.remove_background_noise ?? false,
        );
        return rows.map((r) => presentPvcSample(voice_id, r));
      },
    );

    app.post(
      SAMPLE,
      {
        schema: {
          tags: TAGS,
          summary: 'Update a sample: file name, selected speakers',
          params: pvcSampleParams,
          body: updatePvcSampleRequest,
          response: { 200: pvcVoiceIdResponse },
        },
      },
      (request) =>
        service.update(
          requirePrincipal(request),
          request.params.voice_id,
          request.params.sample_id,
          request.body,
        ),
    );

    app.delete(
      SAMPLE,
      {
        schema: {
          tags: TAGS,
          summary: 'Delete a sample',
          params: pvcSampleParams,
          response: { 200: pvcStatusResponse },
        },
      },
      (request) =>
        service.delete(requirePrincipal(request), request.params.voice_id, request.params.sample_id),
    );

    app.get(
      `${SAMPLE}/audio`,
      {
        schema: {
          tags: TAGS,
          summary: "A sample's audio (processed 16 kHz mono WAV, base64)",
          params: pvcSampleParams,
          querystring: sampleAudioQuery,
          response: { 200: samplePreviewResponse },
        },
      },
      (request) =>
        service.audio(requirePrincipal(request), request.params.voice_id, request.params.sample_id),
    );

    app.get(
      `${SAMPLE}/waveform`,
      {
        schema: {
          tags: TAGS,
          summary: "A sample's visual waveform (100 peak levels, 0..1)",
          params: pvcSampleParams,
          response: { 200: sampleWaveformResponse },
        },
      },
      (request) =>
        service.waveform(requirePrincipal(request), request.params.voice_id, request.params.sample_id),
    );

    app.post(
      `${SAMPLE}/separate-speakers`,
      {
        schema: {
          tags: TAGS,
          summary: 'Separate a sample by speaker',
          description:
            'Speech segments (pauses of 0.3 s or more split them) are described by median pitch and spectral tilt ' +
            'and split in two by 2-means; two speakers are reported when the groups lie 4 semitones or more apart.',
          params: pvcSampleParams,
          response: { 200: pvcStatusResponse },
        },
      },
      (request) =>
        service.separate(requirePrincipal(request), request.params.voice_id, request.params.sample_id),
    );

    app.get(
      `${SAMPLE}/speakers`,
      {
        schema: {
          tags: TAGS,
          summary: "A sample's speaker separation",
          params: pvcSampleParams,
          response: { 200: speakerSeparationResponse },
        },
      },
      async (request) => {
        const { voice_id, sample_id } = request.params;
        return presentSeparation(
          voice_id,
          await service.separation(requirePrincipal(request), voice_id, sample_id),
        );
      },
    );

    app.get(
      `${SAMPLE}/speakers/:speaker_id/audio`,
      {
        schema: {
          tags: TAGS,
          summary: "One speaker's speech in a sample (base64 WAV)",
          params: pvcSpeakerParams,
          response: { 200: speakerAudioResponse },
        },
      },
      (request) => {
        const { voice_id, sample_id, speaker_id } = request.params;
        return service.speakerAudio(requirePrincipal(request), voice_id, sample_id, speaker_id);
      },
    );
  };
