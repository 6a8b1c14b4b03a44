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
