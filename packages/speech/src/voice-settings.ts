/**
 * ElevenLabs voice settings mapped onto what the parametric engines can really change. Pure: the
 * same settings always give the same parameters.
 */
import type { Prosody } from './engine';

/** Voice settings as the API receives them (all optional, ElevenLabs ranges). */
export interface VoiceSettings {
  stability?: number;
  similarity_boost?: number;
  style?: number;
  use_speaker_boost?: boolean;
  speed?: number;
}

/** What a synthesis call applies: engine prosody and whether to normalise loudness afterwards. */
export interface EngineParams {
  prosody: Required<Prosody>;
  speakerBoost: boolean;
}

/** ElevenLabs defaults, used for any setting a request leaves out. */
export const DEFAULT_VOICE_SETTINGS: Required<VoiceSettings> = {
  stability: 0.5,
  similarity_boost: 0.75,
  style: 0,
  use_speaker_boost: true,
  speed: 1,
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Number.isFinite(v) ? v : lo));

/**
 * Maps settings onto engine parameters for a voice whose own profile is `profile` (multipliers of the
 * engine voice, 1 = the engine voice itself):
 * - stability 0..1 → pitch variation ×1.5 … ×0.5 (low stability = livelier, less predictable);
 * - similarity_boost 0..1 → how much of the profile's pitch/rate deviation is applied (50 … 100%);
 * - style 0..1 → pitch range ×1 … ×1.6 (more expressive);
 * - speed 0.7..1.2 → rate multiplier;
 * - use_speaker_boost → loudness normalisation after synthesis.
 */
export function mapVoiceSettings(settings: VoiceSettings = {}, profile: Prosody = {}): EngineParams {
  const s = { ...DEFAULT_VOICE_SETTINGS, ...settings };
  const stability = clamp(s.stability, 0, 1);
  const similarity = clamp(s.similarity_boost, 0, 1);
  const style = clamp(s.style, 0, 1);
  const speed = clamp(s.speed, 0.7, 1.2);
  const weight = 0.5 + 0.5 * similarity;
  const toward = (v: number | undefined) => 1 + ((v ?? 1) - 1) * weight;
  return {
    prosody: {
      rate: toward(profile.rate) * speed,
      pitch: toward(profile.pitch),
      pitchVariation: (profile.pitchVariation ?? 1) * (1.5 - stability),
      range: (profile.range ?? 1) * (1 + 0.6 * style),
    },
    speakerBoost: s.use_speaker_boost,
  };
}
