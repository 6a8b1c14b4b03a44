/**
 * Text to dialogue (`POST /v1/text-to-dialogue`, `/stream`, `/with-timestamps`, `/stream/with-timestamps`):
 * several voices in one audio, in the shapes `@elevenlabs/elevenlabs-js` sends and parses.
 */
import { z } from 'zod';
import { alignment, ttsBody, ttsQuery } from './text-to-speech';

/**
 * The hard ceiling of the inputs array. The product's own limits (50 lines, 10 voices, 3,000
 * characters, packages/domain/dialogue-limits) are checked by the service and answered with a message.
 */
export const MAX_DIALOGUE_INPUTS_ACCEPTED = 1000;

export const dialogueQuery = ttsQuery.omit({ optimize_streaming_latency: true });

/** One line: what is said and by which voice. */
export const dialogueInput = z.object({
  text: z
    .string()
    .max(10_000)
    .refine((t) => t.trim().length > 0, 'Text must not be empty.'),
  voice_id: z.string().min(1).max(64),
});

const unit = z.number().min(0).max(1).nullish();

/** The body the SDK sends to every text-to-dialogue endpoint. */
export const dialogueBody = z.object({
  inputs: z
    .array(dialogueInput)
    .min(1, 'A dialogue needs at least one line.')
    .max(MAX_DIALOGUE_INPUTS_ACCEPTED),
  model_id: ttsBody.shape.model_id,
  language_code: ttsBody.shape.language_code,
  /** Dialogue settings: stability and similarity apply to every line (each voice keeps its other settings). */
  settings: z.object({ stability: unit, similarity: unit }).nullish(),
  pronunciation_dictionary_locators: ttsBody.shape.pronunciation_dictionary_locators,
  seed: ttsBody.shape.seed,
  apply_text_normalization: ttsBody.shape.apply_text_normalization,
  use_pvc_as_ivc: z.boolean().nullish(),
  previous_request_ids: ttsBody.shape.previous_request_ids,
  next_request_ids: ttsBody.shape.next_request_ids,
  /** "A maximum of 100 characters can be sent" (ElevenLabs); shapes the first and last lines' boundaries. */
  previous_text: z.string().max(100).nullish(),
  future_text: z.string().max(100).nullish(),
  /** Audio effects: none exist here, so a non-empty value is refused rather than ignored. */
  audio_effects: z.record(z.string(), z.unknown()).nullish(),
});
export type DialogueBody = z.infer<typeof dialogueBody>;

/** Where each line sits in the audio and in the alignment's characters (end indexes exclusive). */
export const voiceSegment = z
  .object({
    voice_id: z.string(),
    start_time_seconds: z.number(),
    end_time_seconds: z.number(),
    character_start_index: z.number().int(),
    character_end_index: z.number().int(),
    dialogue_input_index: z.number().int(),
  })
  .meta({ id: 'VoiceSegment' });
export type VoiceSegment = z.infer<typeof voiceSegment>;

/** `/with-timestamps`, and each line of `/stream/with-timestamps`. */
export const dialogueWithTimestamps = z
  .object({
    audio_base64: z.string(),
    alignment: alignment.nullable(),
    normalized_alignment: alignment.nullable(),
    voice_segments: z.array(voiceSegment),
  })
  .meta({ id: 'AudioWithTimestampsAndVoiceSegmentsResponse' });
