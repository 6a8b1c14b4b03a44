/**
 * OpenAI-compatible `POST /v1/audio/speech`, so OpenAI clients (and other Vocalis nodes through the
 * HTTP engine) can use Vocalis. Voices: OpenAI names map to catalogue voices; our voice ids and names
 * work too. Speed: OpenAI's 0.25–4 is validated, then clamped to 0.5–2, the range in which both
 * built-in engines stay intelligible (docs/decisions/008).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openAiSpeechBody, type OpenAiSpeechBody } from '@vocalis/contracts/text-to-speech';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { requirePrincipal } from '../../plugins/auth';
import { AAC_24000_64, FLAC_24000, type AudioTarget } from './audio-target';
import { audioHeaders, disconnectSignal, streamOf } from './tts-http';
import type { TextToSpeechService } from './tts.service';

/** OpenAI's response formats; pcm is 24 kHz by OpenAI's definition (clients rely on it). */
const TARGETS: Record<OpenAiSpeechBody['response_format'], AudioTarget> = {
  mp3: parseOutputFormat('mp3_44100_128')!,
  opus: parseOutputFormat('opus_48000_64')!,
  aac: AAC_24000_64,
  flac: FLAC_24000,
  wav: parseOutputFormat('wav_24000')!,
  pcm: parseOutputFormat('pcm_24000')!,
};

export const SPEED_ENGINE_MIN = 0.5;
export const SPEED_ENGINE_MAX = 2;

export const openAiSpeechRoutes =
  (service: TextToSpeechService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/audio/speech',
      {
        // OpenAI clients send `Authorization: Bearer <API key>`; the /v1 auth hook accepts it.
        schema: {
          tags: ['openai-compatible'],
          summary: 'OpenAI-compatible text to speech (model, input, voice, response_format, speed)',
          body: openAiSpeechBody,
        },
      },
      async (request, reply) => {
        const body = request.body;
        const target = TARGETS[body.response_format];
        const g = await service.prepare({
          userId: requirePrincipal(request).userId,
          caller: requirePrincipal(request),
          requestId: request.id,
          // The workspace's own settings for the voice (settings/edit) apply here too; `speed` multiplies them.
          voice: await service.voices.profileFor(
            requirePrincipal(request),
            service.voices.forOpenAi(typeof body.voice === 'string' ? body.voice : body.voice.id).voiceId,
          ),
          body: { text: body.input, model_id: body.model, apply_text_normalization: 'auto' },
          target,
          enableLogging: true,
          source: 'openai_speech',
          rateFactor: Math.min(SPEED_ENGINE_MAX, Math.max(SPEED_ENGINE_MIN, body.speed)),
        });
        const stream = await streamOf(service.audio(g, disconnectSignal(reply)), (b) => b);
        return audioHeaders(request, reply, g, target.contentType).send(stream);
      },
    );
  };
