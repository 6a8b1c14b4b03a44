import { z } from 'zod';
import {
  MAX_SFX_PROMPT,
  MAX_SFX_SECONDS,
  MIN_SFX_SECONDS,
  SOUND_CATEGORIES,
} from '@vocalis/domain/audio-tools/sound-effects';
import { ttsQuery } from './text-to-speech';

/** Sound-effect models: the built-in procedural generator and, when configured, a sound server. */
export const SFX_MODEL_BUILT_IN = 'vocalis_sfx_procedural_v1';
export const SFX_MODEL_REMOTE = 'vocalis_sfx_remote_v1';
/** ElevenLabs' sound-effect model ids, served by the built-in generator. */
export const SFX_MODEL_ALIASES = ['eleven_text_to_sound_v2', 'eleven_text_to_sound_v1'] as const;

/** `POST /v1/sound-generation` query: output format and logging (as text to speech). */
export const sfxQuery = ttsQuery.pick({ output_format: true, enable_logging: true });

/** `POST /v1/sound-generation` body, as the SDK's textToSoundEffects.convert sends it. */
export const sfxBody = z.object({
  text: z.string().trim().min(1, 'text must not be empty.').max(MAX_SFX_PROMPT),
  duration_seconds: z
    .number()
    .min(MIN_SFX_SECONDS, `duration_seconds must be at least ${MIN_SFX_SECONDS}.`)
    .max(MAX_SFX_SECONDS, `duration_seconds must be at most ${MAX_SFX_SECONDS}.`)
    .nullish(),
  prompt_influence: z.number().min(0).max(1).nullish(),
  loop: z.boolean().nullish(),
  model_id: z.string().min(1).max(100).nullish(),
});
export type SfxBody = z.infer<typeof sfxBody>;

/** A category the built-in generator makes, for the explore pages. */
export const soundCategory = z
  .object({
    category_id: z.enum(SOUND_CATEGORIES),
    name: z.string(),
    description: z.string(),
    keywords: z.array(z.string()),
    default_duration_seconds: z.number(),
    examples: z.array(z.object({ prompt: z.string(), preview_url: z.string() })),
  })
  .meta({ id: 'SoundCategory' });
export type SoundCategoryDto = z.infer<typeof soundCategory>;

export const soundCategoriesResponse = z.object({
  categories: z.array(soundCategory),
  /** What generates: the built-in procedural generator, said plainly. */
  generator: z.string(),
});

export const soundCategoryParams = z.object({ category_id: z.enum(SOUND_CATEGORIES) });
export const soundPreviewParams = soundCategoryParams.extend({
  example: z.coerce.number().int().min(0).max(9),
});
