import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATEGORIES } from '@vocalis/domain/audio-tools/sound-effects';
import {
  sfxBody,
  sfxQuery,
  soundCategoriesResponse,
  soundCategoryParams,
  soundPreviewParams,
} from '@vocalis/contracts/sound-effects';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { requirePrincipal } from '../../plugins/auth';
import { disconnectSignal } from '../tts/tts-http';
import type { SoundEffectsService } from './sound-effects.service';

export const GENERATOR_DESCRIPTION =
  'The built-in generator (vocalis_sfx_procedural_v1, also serving eleven_text_to_sound_v2) is procedural ' +
  'synthesis, not a generative model: it reads the prompt for the sound categories it can make (rain, ' +
  'thunder, wind, ocean waves, fire, engines and motors, footsteps, clicks and ticks, whooshes, tones and ' +
  'beeps, interface sounds, alarms and sirens, heartbeats, noise) and their modifiers (heavy or light, low ' +
  'or high, slow or fast, a frequency in Hz), and builds them from filtered noise, oscillators and ' +
  'envelopes. A prompt naming anything else is refused with 422 and the list of what it can make.';

const DESCRIPTION =
  `JSON: \`text\`, \`duration_seconds\` (0.5-30; absent: the category's usual length), \`prompt_influence\` ` +
  `(0-1, default 0.3: lower varies the sound more), \`loop\` (a seamless loop), \`model_id\`. ${GENERATOR_DESCRIPTION} ` +
  'Every output carries the installation watermark. Seconds count against the plan (free 250, starter 750, ' +
  'creator 2,500, pro 12,500, scale 50,000, business 275,000 a month), by the started tenth. The history ' +
  'item id is in the `sound_generation_history_item_id` and `history-item-id` headers.';

/** Sound effects: textToSoundEffects.convert, and the categories the explore pages show. */
export const soundEffectsRoutes =
  (service: SoundEffectsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/sound-generation',
      {
        schema: {
          tags: ['sound-generation'],
          summary: 'Make a sound effect from a text prompt',
          description: DESCRIPTION,
          querystring: sfxQuery,
          body: sfxBody,
        },
      },
      async (request, reply) => {
        const caller = requirePrincipal(request);
        const r = await service.generate({
          caller,
          requestId: request.id,
          body: request.body,
          // The query schema has already refused formats the table does not know.
          format: parseOutputFormat(request.query.output_format)!,
          enableLogging: request.query.enable_logging,
          signal: disconnectSignal(reply),
        });
        reply
          .header('content-type', r.contentType)
          .header('request-id', request.id)
          .header('x-sound-seconds', r.seconds.toFixed(3))
          .header('x-sound-categories', r.categories.join(','));
        if (r.historyItemId)
          reply
            .header('sound_generation_history_item_id', r.historyItemId)
            .header('history-item-id', r.historyItemId);
        return reply.send(Buffer.from(r.audio));
      },
    );

    app.get(
      '/v1/sound-generation/categories',
      {
        schema: {
          tags: ['sound-generation'],
          summary: 'The sound categories the built-in generator makes, with example prompts and previews',
          response: { 200: soundCategoriesResponse },
        },
      },
      async () => ({
        generator: GENERATOR_DESCRIPTION,
        categories: CATEGORIES.map((c) => ({
          category_id: c.id,
          name: c.name,
          description: c.description,
          keywords: [...c.keywords],
          default_duration_seconds: c.defaultSeconds,
          examples: c.examples.map((prompt, i) => ({
            prompt,
            preview_url: `/v1/sound-generation/categories/${c.id}/examples/${i}/audio`,
          })),
        })),
      }),
    );

    app.get(
      '/v1/sound-generation/categories/:category_id/examples/:example/audio',
      {
        schema: {
          tags: ['sound-generation'],
          summary: "A category example's preview (mp3, made by the built-in generator, watermarked)",
          params: soundPreviewParams,
        },
      },
      async (request, reply) => {
        const audio = await service.preview(request.params.category_id, request.params.example);
        return reply
          .header('content-type', 'audio/mpeg')
          .header('cache-control', 'private, max-age=86400')
          .send(Buffer.from(audio));
      },
    );
    void soundCategoryParams;
  };
