/**
 * What a voice is to the speech layer: how to render it on each engine. Every voice can be spoken by
 * every engine, so any voice works with any model: a voice built on eSpeak has a gender-matched Flite
 * rendering for the English model, and every voice has an eSpeak variant that keeps its timbre when
 * the multilingual model speaks another language.
 */
import type { Prosody } from '@vocalis/speech/engine';
import type { VoiceSettings } from '@vocalis/speech/voice-settings';
import type { EngineId } from './engines';

/** A Flite voice with its prosody profile (multipliers of the Flite voice's own defaults). */
export interface FliteRendering {
  voice: 'kal16' | 'awb' | 'rms' | 'slt';
  prosody?: Prosody;
  /** A fitted (cloned) voice's brightness shelf on this engine, dB. */
  brightnessDb?: number;
}

/** An RHVoice voice (LGPL voices only) with its prosody profile; used where RHVoice is installed. */
export interface RhvoiceRendering {
  voice: 'clb' | 'bdl' | 'slt' | 'alan';
  prosody?: Prosody;
  brightnessDb?: number;
}

/** An eSpeak-NG voice: the language voice of the catalogue entry, a variant and a prosody profile. */
export interface EspeakRendering {
  /** eSpeak voice id of the voice's own language (`en-gb-x-rp`, `fr-fr` …). */
  language: string;
  /** Timbre variant (`f3`, `m2`, `klatt4` …), kept when the voice speaks another language. */
  variant: string;
  prosody?: Prosody;
  brightnessDb?: number;
}

/** A voice as the speech layer sees it. */
export interface VoiceProfile {
  voiceId: string;
  /** The engine the voice was designed on: its previews use it and a request without model_id does too. */
  engine: Extract<EngineId, 'flite' | 'espeak'>;
  /** BCP-47 language of the voice (`en`, `fr`, `pt-BR` …) and its locale for verified_languages. */
  language: string;
  locale: string;
  flite: FliteRendering;
  /** Where RHVoice is installed, English on the default model uses this instead of `flite`. */
  rhvoice?: RhvoiceRendering;
  espeak: EspeakRendering;
  /** Voice name sent to a remote OpenAI-compatible server (`nova`, `onyx` …). */
  remoteVoice: string;
  /**
   * A cloned voice's speaker on the voice cloning server (decision 076): with it, the default model speaks
   * through that server as the real clone instead of the fitted profile.
   */
  clone?: { speakerId: string };
  /** Voice settings this voice starts from (ElevenLabs defaults for anything left out). */
  settings?: VoiceSettings;
}

/** True when a language code is English (`en`, `en-US`, `en-gb-scotland` …). */
export const isEnglish = (language: string) => /^en(-|$)/i.test(language);
