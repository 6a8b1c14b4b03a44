/**
 * Turns (voice, model engine, language, voice settings) into one engine call: which engine, which
 * engine voice, which prosody. Pure apart from the eSpeak language lookup.
 */
import type { Prosody, SpeechEngine } from '@vocalis/speech/engine';
import {
  DEFAULT_VOICE_SETTINGS,
  mapVoiceSettings,
  type EngineParams,
  type VoiceSettings,
} from '@vocalis/speech/voice-settings';
import type { EngineId, EngineRegistry } from './engines';
import { isEnglish, type VoiceProfile } from './voice-profile';

/** Voice settings as requests carry them: any field may be missing or null. */
export type SettingsInput = { [K in keyof VoiceSettings]?: VoiceSettings[K] | null };

export interface PlanInput {
  voice: VoiceProfile;
  engine: EngineId | 'auto';
  /** Requested language (language_code); the voice's own language when absent. */
  language?: string | null;
  settings?: SettingsInput | null;
  /** Extra rate multiplier applied after the voice settings (OpenAI `speed`). */
  rateFactor?: number;
}

export interface SpeechPlan {
  engineId: EngineId;
  engine: SpeechEngine;
  /** The engine's voice id (`slt`, `fr-fr+f3`, `nova` …). */
  engineVoice: string;
  language: string;
  params: EngineParams;
  /** The voice's brightness shelf on this engine (fitted voices), dB. */
  brightnessDb?: number;
}

/** Settings with nulls dropped, over the voice's own settings, over ElevenLabs defaults. */
export function effectiveSettings(
  voice: VoiceProfile,
  requested?: SettingsInput | null,
): Required<VoiceSettings> {
  const given = Object.fromEntries(
    Object.entries(requested ?? {}).filter(([, v]) => v !== null && v !== undefined),
  );
  return { ...DEFAULT_VOICE_SETTINGS, ...voice.settings, ...given };
}

/** The RHVoice voice nearest to each Flite voice (same gender and accent). */
const RHVOICE_FOR_FLITE = { kal16: 'bdl', rms: 'bdl', awb: 'alan', slt: 'clb' } as const;

/**
 * The engine of the default model: English on a Flite-designed voice goes to RHVoice when it is
 * installed and the voice has an RHVoice rendering, else to Flite; everything else to eSpeak-NG.
 */
export function autoEngine(engines: EngineRegistry, voice: VoiceProfile, language: string): EngineId {
  if (voice.engine !== 'flite' || !isEnglish(language)) return 'espeak';
  return voice.rhvoice && engines.has('rhvoice') ? 'rhvoice' : 'flite';
}

/** Plans one utterance; returns undefined when eSpeak has no voice for the language. */
export async function planSpeech(engines: EngineRegistry, input: PlanInput): Promise<SpeechPlan | undefined> {
  const { voice } = input;
  const language = input.language ?? voice.language;
  // A voice with a speaker on the cloning server speaks there on the default model (decision 076).
  const cloned = input.engine === 'auto' && voice.clone && engines.has('clone');
  const engineId: EngineId = cloned
    ? 'clone'
    : input.engine === 'auto'
      ? autoEngine(engines, voice, language)
      : input.engine;
  let engineVoice: string;
  let profile: Prosody = {};
  let brightnessDb: number | undefined;
  if (engineId === 'rhvoice') {
    // A voice without its own RHVoice rendering (eSpeak voices) takes the one closest to its Flite voice.
    engineVoice = voice.rhvoice?.voice ?? RHVOICE_FOR_FLITE[voice.flite.voice];
    profile = voice.rhvoice?.prosody ?? {};
    brightnessDb = voice.rhvoice?.brightnessDb;
  } else if (engineId === 'flite') {
    engineVoice = voice.flite.voice;
    profile = voice.flite.prosody ?? {};
    brightnessDb = voice.flite.brightnessDb;
  } else if (engineId === 'espeak') {
    const sameLanguage = language.toLowerCase() === voice.language.toLowerCase();
    const base = sameLanguage ? voice.espeak.language : await engines.espeakVoiceFor(language);
    if (!base) return undefined;
    engineVoice = `${base}+${voice.espeak.variant}`;
    profile = voice.espeak.prosody ?? {};
    brightnessDb = voice.espeak.brightnessDb;
  } else if (engineId === 'clone') {
    // The clone speaks with the speaker's own pitch and pace: no profile prosody, only the settings' speed.
    engineVoice = voice.clone!.speakerId;
  } else {
    engineVoice = voice.remoteVoice;
  }
  const params = mapVoiceSettings(effectiveSettings(voice, input.settings), profile);
  if (input.rateFactor) params.prosody.rate *= input.rateFactor;
  return { engineId, engine: engines.get(engineId), engineVoice, language, params, brightnessDb };
}
