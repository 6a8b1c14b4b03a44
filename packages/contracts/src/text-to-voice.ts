import { z } from 'zod';
import { OUTPUT_FORMATS } from '@vocalis/speech/audio/output-format';

/**
 * Voice design (the SDK's textToVoice.*): create-previews / design / remix answer three previews, create
 * saves one as a voice of category `generated`. Field names as @elevenlabs/elevenlabs-js sends them.
 */

export const textToVoiceQuery = z.object({
  output_format: z
    .string()
    .default('mp3_44100_128')
    .refine((f) => OUTPUT_FORMATS.includes(f), {
      message: `Unsupported output_format. Supported: ${OUTPUT_FORMATS.join(', ')}.`,
    }),
});

/** The fields create-previews, design and remix share (the SDK's VoiceDesignRequest(Model), VoiceRemixRequestModel). */
const designFields = {
  voice_description: z.string().max(1000),
  text: z.string().max(1000).nullish(),
  auto_generate_text: z.boolean().nullish(),
  loudness: z.number().min(-1).max(1).nullish(),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .nullish(),
  guidance_scale: z.number().min(0).max(100).nullish(),
  stream_previews: z.boolean().nullish(),
  remixing_session_id: z.string().max(100).nullish(),
  remixing_session_iteration_id: z.string().max(100).nullish(),
  prompt_strength: z.number().min(0).max(1).nullish(),
};

export const designVoiceBody = z
  .object({
    ...designFields,
    model_id: z.string().max(100).nullish(),
    quality: z.number().min(-1).max(1).nullish(),
    should_enhance: z.boolean().nullish(),
    reference_audio_base64: z.string().nullish(),
  })
  .meta({ id: 'VoiceDesignRequestModel' });
export type DesignVoiceBody = z.infer<typeof designVoiceBody>;

export const remixVoiceBody = z.object(designFields).meta({ id: 'VoiceRemixRequestModel' });

export const generatedVoiceParams = z.object({ generated_voice_id: z.string().min(1).max(64) });

/** What the description was read as (our addition; the SDK keeps unknown keys). */
export const designedAttributes = z
  .object({
    gender: z.enum(['male', 'female']),
    age: z.enum(['young', 'middle_aged', 'old']),
    accent: z.enum(['american', 'british', 'scottish']),
    pitch: z.enum(['very_low', 'low', 'medium', 'high', 'very_high']),
    pace: z.enum(['very_slow', 'slow', 'normal', 'fast', 'very_fast']),
    energy: z.enum(['calm', 'neutral', 'energetic']),
    tone: z.enum(['warm', 'neutral', 'bright']),
  })
  .meta({ id: 'DesignedVoiceAttributes' });
export type DesignedAttributesBody = z.infer<typeof designedAttributes>;

/** One preview (SDK `VoicePreviewResponseModel`) plus what it was made of. */
export const voicePreview = z
  .object({
    audio_base_64: z.string(),
    generated_voice_id: z.string(),
    media_type: z.string(),
    duration_secs: z.number(),
    language: z.string().nullable(),
    attributes: designedAttributes,
    /** The engine voice the profile was fitted on, and what it applies. */
    base_voice: z.string(),
    pitch_median_hz: z.number(),
    rate_factor: z.number(),
  })
  .meta({ id: 'VoicePreviewResponseModel' });

/** The description as it was read: what each word set, and the words no rule used. */
export const descriptionReading = z
  .object({
    understood: z.array(z.object({ word: z.string(), attribute: z.string(), value: z.string() })),
    unused_words: z.array(z.string()),
    /** Attributes the description left open, along which the previews differ. */
    varied: z.array(z.string()),
    notes: z.array(z.string()),
  })
  .meta({ id: 'VoiceDescriptionReading' });

/** SDK `VoiceDesignPreviewResponse`. */
export const voiceDesignPreviewResponse = z
  .object({
    previews: z.array(voicePreview),
    text: z.string(),
    /** True when the text was written for the voice rather than sent by the caller. */
    text_auto_generated: z.boolean(),
    description: descriptionReading,
  })
  .meta({ id: 'VoiceDesignPreviewResponse' });
export type VoiceDesignPreviewResponse = z.infer<typeof voiceDesignPreviewResponse>;

/** SDK `BodyCreateANewVoiceFromVoicePreviewV1TextToVoicePost`. */
export const createVoiceFromPreviewBody = z
  .object({
    voice_name: z.string().max(100),
    voice_description: z.string().max(1000),
    generated_voice_id: z.string().min(1).max(64),
    labels: z.record(z.string().min(1).max(50), z.string().max(100).nullish()).nullish(),
    played_not_selected_voice_ids: z.array(z.string().max(64)).max(50).nullish(),
  })
  .meta({ id: 'BodyCreateANewVoiceFromVoicePreview' });
export type CreateVoiceFromPreviewBody = z.infer<typeof createVoiceFromPreviewBody>;
