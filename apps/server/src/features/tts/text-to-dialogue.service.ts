/**
 * Text to dialogue: several voices in one audio, line after line. The dialogue rules (line, voice and
 * character limits, settings) live here; synthesis, encoding, quota, the concurrency slot, refunds and
 * history are the text-to-speech pipeline's, run once over all lines (one debit, one slot, one item).
 */
import type { DialogueBody } from '@vocalis/contracts/text-to-dialogue';
import { dialogueLimitViolation, dialogueVoiceIds } from '@vocalis/domain/dialogue-limits';
import { badRequest } from '../../errors';
import type { ResourceCaller } from '../../auth/resource-access';
import type { ChargeableCaller } from '../api-keys/api-keys.service';
import type { CatalogueVoice } from '../voices/voice-builders';
import type { AudioTarget } from './audio-target';
import type { Generation, TimedAudio } from './tts-generation';
import type { TextToSpeechService } from './tts.service';

export interface DialogueInput {
  userId: string;
  /** The caller as the auth hook resolved it (its workspace decides which voices it may use). */
  caller: ChargeableCaller & { workspace?: ResourceCaller['workspace'] };
  requestId: string;
  body: DialogueBody;
  target: AudioTarget;
  enableLogging: boolean;
}

export class TextToDialogueService {
  constructor(private readonly tts: TextToSpeechService) {}

  /** Refuses what breaks a limit, an unknown voice (404 voice_not_found) or a model/language mismatch. */
  async prepare(input: DialogueInput): Promise<Generation> {
    const { body } = input;
    const violation = dialogueLimitViolation(body.inputs);
    if (violation) throw badRequest(violation.message, violation.code);
    if (body.audio_effects && Object.keys(body.audio_effects).length > 0)
      throw badRequest('Audio effects are not available.', 'audio_effects_not_available');
    // Each voice is looked up once (unknown → 404 as on the text-to-speech route), then with the
    // workspace's own settings for it (settings/edit), as text to speech uses them.
    const voices = new Map<string, CatalogueVoice>();
    for (const id of dialogueVoiceIds(body.inputs))
      voices.set(
        id,
        await this.tts.voices.profileFor({ userId: input.userId, workspace: input.caller.workspace }, id),
      );
    const settings = body.settings
      ? { stability: body.settings.stability, similarity_boost: body.settings.similarity }
      : null;
    return this.tts.prepareLines({
      userId: input.userId,
      caller: input.caller,
      requestId: input.requestId,
      lines: body.inputs.map((line) => ({ text: line.text, voice: voices.get(line.voice_id)! })),
      options: {
        model_id: body.model_id,
        language_code: body.language_code,
        voice_settings: settings,
        seed: body.seed,
        apply_text_normalization: body.apply_text_normalization,
        pronunciation_dictionary_locators: body.pronunciation_dictionary_locators,
        // Spoken around the first and the last line for their boundary prosody, never billed.
        previous_text: body.previous_text,
        next_text: body.future_text,
      },
      target: input.target,
      enableLogging: input.enableLogging,
      source: 'text_to_dialogue',
    });
  }

  /** Encoded audio, sentence by sentence: the first line's first sentence leaves first. */
  audio(g: Generation, signal: AbortSignal): AsyncIterable<Uint8Array> {
    return this.tts.audio(g, signal);
  }

  /** Audio parts with their alignment and voice segments (stream with timestamps). */
  timed(g: Generation, signal: AbortSignal): AsyncIterable<TimedAudio> {
    return this.tts.timed(g, signal);
  }

  /** The whole audio, alignments and one voice segment per line. */
  convert(g: Generation, signal: AbortSignal): Promise<TimedAudio> {
    return this.tts.convert(g, signal);
  }
}
