import type { EspeakPhonemeRule } from '@vocalis/domain/pronunciation/espeak-phonemes';
import type { VoiceSegment } from '@vocalis/contracts/text-to-dialogue';
import type { TtsBody } from '@vocalis/contracts/text-to-speech';
import type { Alignment } from '@vocalis/speech/alignment';
import type { SettingsInput, SpeechPlan } from '../../speech/speech-plan';
import type { ResourceCaller } from '../../auth/resource-access';
import type { ChargeableCaller } from '../api-keys/api-keys.service';
import type { BuiltInModel } from '../models/model-catalogue';
import type { CatalogueVoice } from '../voices/voice-builders';
import type { AudioTarget } from './audio-target';

/** Text spoken by one voice; a dialogue has one part per line, spoken one after another. */
export interface SpeechPart {
  text: string;
  voice: CatalogueVoice;
  plan: SpeechPlan;
  /** Phoneme rules of the request's dictionaries, for an English eSpeak-NG plan only (decision 210). */
  phonemes?: EspeakPhonemeRule[];
}

/** One accepted request, validated and planned, before any audio exists. */
export interface Generation {
  requestId: string;
  userId: string;
  /** Who pays: the session or the xi-api-key (whose own character limit is charged too). */
  caller: ChargeableCaller;
  /** The id the history item will have (sent as the history-item-id header); null without logging. */
  historyItemId: string | null;
  source: 'text_to_speech' | 'openai_speech' | 'text_to_dialogue' | 'studio' | 'voiceover';
  model: BuiltInModel;
  /** The id the client sent (an alias stays visible here); null when it sent none. */
  requestedModelId: string | null;
  /** What is said, in order: one part for text to speech, one per line for a dialogue. */
  parts: SpeechPart[];
  /** Characters the generation costs (the texts' lengths, as ElevenLabs counts). */
  characters: number;
  target: AudioTarget;
  enableLogging: boolean;
  settings: SettingsInput | null;
  normalization: 'auto' | 'on' | 'off';
  seed?: number;
  /** previous_text / next_text: spoken around the first and last part for boundary prosody, never billed. */
  previousText?: string;
  nextText?: string;
}

/** How a generation ended; `audio` is the whole encoded output of a completed one. */
export type GenerationOutcome =
  | { status: 'completed'; audio: Uint8Array; contentType: string }
  | { status: 'failed'; error: unknown }
  | { status: 'aborted' };

/** A stream item: encoded audio plus the alignment of the sentence it holds (none for codec tails). */
export interface TimedAudio {
  audio: Uint8Array;
  alignment: Alignment | null;
  normalizedAlignment: Alignment | null;
  /** Which part (dialogue line) the audio belongs to; indexes count the original alignment's characters. */
  voiceSegments: VoiceSegment[];
}

/** The options every speech request shares (the text-to-speech body without its text). */
export type SpeechOptions = Pick<
  TtsBody,
  | 'model_id'
  | 'language_code'
  | 'voice_settings'
  | 'seed'
  | 'apply_text_normalization'
  | 'pronunciation_dictionary_locators'
  | 'previous_text'
  | 'next_text'
>;

/** A speech request: one or more lines, each with its voice, and the shared options. */
export interface SpeechRequest {
  userId: string;
  /**
   * Who pays; with `workspace` (the caller as the auth hook resolved it) the dictionaries the request names are
   * checked against what they may read; without it the work was checked where it began.
   */
  caller: ChargeableCaller & { workspace?: ResourceCaller['workspace'] };
  requestId: string;
  lines: { text: string; voice: CatalogueVoice }[];
  options: SpeechOptions;
  target: AudioTarget;
  enableLogging: boolean;
  source: Generation['source'];
  /** OpenAI `speed`, applied on top of the voice settings. */
  rateFactor?: number;
}

export interface TtsInput extends Omit<SpeechRequest, 'lines' | 'options'> {
  voice: CatalogueVoice;
  body: SpeechOptions & Pick<TtsBody, 'text'>;
}
