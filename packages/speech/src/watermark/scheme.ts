/**
 * The watermark's fixed parameters and its keyed pattern, shared by the embedder and the detector.
 *
 * The mark is a spread-spectrum modulation of the speech's own energy in BANDS sub-bands between 1 and
 * 4 kHz: in every FRAME_SECONDS frame each band is made slightly louder or quieter (gain 1 ± STRENGTH)
 * by a ±1 pattern drawn from the installation's key. The pattern repeats every PERIOD frames, so any
 * stretch of PERIOD frames (1.28 s) holds it whole and a trimmed clip still carries it. Because the
 * mark scales the speech itself it is silent where the speech is, and sits under it in every band.
 */
import { createHmac } from 'node:crypto';

/** Frame length: a whole number of samples at 8, 16, 22.05, 24, 44.1 and 48 kHz. */
export const FRAME_SECONDS = 0.02;
/** Frames before the pattern repeats. */
export const PERIOD = 64;
/** Sub-bands of the 1-4 kHz range. */
export const BANDS = 24;
export const LOW_HZ = 1000;
export const HIGH_HZ = 4000;
/** Gain change per band (0.15 = +1.2/-1.4 dB; the mark is 16.5 dB under the speech in each band). */
export const STRENGTH = 0.15;
/** The floor's per-band gain swing (1 ± FLOOR_DEPTH with the band's sign). */
export const FLOOR_DEPTH = 0.6;

/** How strongly a kind of audio is marked (decision 200). */
export interface WatermarkProfile {
  /** Gain change of the sound's own band content (±). */
  strength: number;
  /**
   * RMS of the keyed noise floor over the 1-4 kHz bands, as a fraction of the sound's short-term RMS: it
   * carries the mark in bands where the sound itself has little energy (tones, low thumps).
   */
  floor: number;
  /**
   * Largest factor by which `strength` grows in transients (a 5 ms level at least 4 times, 12 dB, over the
   * 300 ms level): clicks and steps are noise bursts a few ms long, whose band energies the mark must move
   * further to survive mp3's short blocks. 1 = none.
   */
  transientBoost: number;
  /**
   * Gain change used instead of `strength` in frames whose 1-4 kHz band energies are as flat as noise's (decision
   * 235): noise masks a change 5.5 dB or less under it (Johnston), a tone only one 20-30 dB under, so noise-like
   * sound takes a larger swing than tonal sound. Blended by the previous frame's flatness over the bands.
   */
  noiseStrength: number;
  /**
   * Time constant (s) of the fall of the level the floor follows (it rises in 5 ms). Longer than 5 ms, the floor
   * outlasts a click or a step by a few frames, at 45-55 dB under it, inside the click's forward masking (decision 236).
   */
  floorRelease: number;
}

/** Speech (text to speech, dialogue, speech to speech, dubbing): the floor 50 dB under the speech. */
export const SPEECH_PROFILE: WatermarkProfile = {
  strength: STRENGTH,
  floor: 0.003,
  transientBoost: 1,
  noiseStrength: STRENGTH,
  floorRelease: 0.005,
};
/** Sound effects: the floor 40 dB under the sound, and clicks marked up to 3.3 times as strongly. */
export const SOUND_PROFILE: WatermarkProfile = {
  strength: STRENGTH,
  floor: 0.01,
  transientBoost: 3.3,
  noiseStrength: 0.25,
  floorRelease: 0.02,
};
/** The detector works at this rate; every input is resampled to it. */
export const DETECT_RATE = 16000;

/** Lower and upper edge (Hz) of band `b`. */
export function bandEdges(b: number): [number, number] {
  const w = (HIGH_HZ - LOW_HZ) / BANDS;
  return [LOW_HZ + b * w, LOW_HZ + (b + 1) * w];
}

/** The keyed pattern: PERIOD rows of BANDS signs (+1/-1), row-major. */
export type Pattern = Int8Array;

const cache = new Map<string, Pattern>();

/** The ±1 pattern of a key (HMAC-SHA256 in counter mode; the same key gives the same pattern everywhere). */
export function patternOf(key: string): Pattern {
  const hit = cache.get(key);
  if (hit) return hit;
  const out = new Int8Array(PERIOD * BANDS);
  let block = 0;
  for (let i = 0; i < out.length; block++) {
    const bytes = createHmac('sha256', key).update(`vocalis-watermark-v1:${block}`).digest();
    for (let k = 0; k < bytes.length * 8 && i < out.length; k++, i++) {
      out[i] = (bytes[k >> 3]! >> (k & 7)) & 1 ? 1 : -1;
    }
  }
  cache.set(key, out);
  return out;
}
