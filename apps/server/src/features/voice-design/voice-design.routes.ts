import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createVoiceFromPreviewBody,
  designVoiceBody,
  generatedVoiceParams,
  remixVoiceBody,
  textToVoiceQuery,
  voiceDesignPreviewResponse,
  type DesignVoiceBody,
} from '@vocalis/contracts/text-to-voice';
import { voice, voiceIdParams } from '@vocalis/contracts/voices';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { requirePrincipal } from '../../plugins/auth';
import { disconnectSignal } from '../tts/tts-http';
import { presentCustomVoice } from '../voices/custom-voices.presenter';
import { presentDesign } from './voice-design.presenter';
import type { VoiceDesignService } from './voice-design.service';

const DESIGN_DESCRIPTION =
  'Reads the description into gender, age, accent, pitch, pace, energy and tone (the response lists what each ' +
  'word set and the words not used) and answers three previews that differ along what it left open. Each ' +
  'preview is a profile voice: an installed engine voice with the pitch, pace, intonation range and brightness ' +
  'the description asks for, not a neural voice. `text` (100-1000 characters) is optional; without it a text ' +
  'is written for the voice and `text_auto_generated` says so. The text is charged once, like text to speech. ' +
  'Previews are kept for 24 hours.';

const request = (r: FastifyRequest, reply: FastifyReply, body: DesignVoiceBody, outputFormat: string) => ({
  caller: requirePrincipal(r),
  requestId: r.id,
  body,
  // The query schema has already refused formats the table does not know.
  format: parseOutputFormat(outputFormat)!,
  signal: disconnectSignal(reply),
});

/** Voice design: textToVoice.createPreviews, design, remix, create and the preview stream. */
export const voiceDesignRoutes =
  (service: VoiceDesignService): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [url, summary] of [
      ['/v1/text-to-voice/create-previews', 'Design a voice from a description: three previews'],
      ['/v1/text-to-voice/design', 'Design a voice from a description: three previews'],
    ] as const)
      app.post(
        url,
        {
          schema: {
            tags: ['text-to-voice'],
            summary,
            description: DESIGN_DESCRIPTION,
            querystring: textToVoiceQuery,
            body: designVoiceBody,
            response: { 200: voiceDesignPreviewResponse },
          },
        },
        async (r, reply) =>
          presentDesign(await service.design(request(r, reply, r.body, r.query.output_format))),
      );

    app.post(
      '/v1/text-to-voice/:voice_id/remix',
      {
        schema: {
          tags: ['text-to-voice'],
          summary: 'Remix one of your voices from a description of the change: three previews',
          description:
            'The description says what to change ("older", "slower", "higher", "warmer"); what it does not mention ' +
            'stays as the voice has it. Only your own voices (cloned, designed, professional) can be remixed.',
          params: voiceIdParams,
          querystring: textToVoiceQuery,
          body: remixVoiceBody,
          response: { 200: voiceDesignPreviewResponse },
        },
      },
      async (r, reply) =>
        presentDesign(
          await service.remix({
            ...request(r, reply, r.body, r.query.output_format),
            voiceId: r.params.voice_id,
          }),
        ),
    );

    for (const url of ['/v1/text-to-voice', '/v1/text-to-voice/create-voice-from-preview'])
      app.post(
        url,
        {
          schema: {
            tags: ['text-to-voice'],
            summary: 'Save a preview as a voice of category generated',
            description:
              'Counts toward the custom voice limit and the monthly voice add/edits of the plan. The preview is used up.',
            body: createVoiceFromPreviewBody,
            response: { 200: voice },
          },
        },
        async (r) => {
          const created = await service.create(requirePrincipal(r), r.body);
          return presentCustomVoice(created.row, created.samples, null);
        },
      );

    app.get(
      '/v1/text-to-voice/:generated_voice_id/stream',
      {
        schema: {
          tags: ['text-to-voice'],
          summary: "A preview's audio",
          params: generatedVoiceParams,
        },
      },
      async (r, reply) => {
        const audio = await service.previewAudio(requirePrincipal(r), r.params.generated_voice_id);
        return reply.type(audio.mediaType).send(Buffer.from(audio.data));
      },
    );
  };
