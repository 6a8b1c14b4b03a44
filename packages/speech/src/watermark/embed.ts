/**
 * Embeds the watermark (scheme.ts) frame by frame into a stream of PCM blocks at any sample rate.
 * The embedder keeps the position and the band filters' state, so blocks may split the audio anywhere
 * and the result is the same as marking the whole at once; it adds no delay.
 *
 * Each band's part of the signal is taken by a band-pass biquad and added back with gain ±STRENGTH
 * (the frame's sign for that band); signs cross-fade over RAMP_SECONDS at frame starts so a change of
 * sign never clicks.
 */
import { BANDS, FRAME_SECONDS, PERIOD, STRENGTH, bandEdges, patternOf, type Pattern } from './scheme';

const RAMP_SECONDS = 0.004;

interface Biquad {
  b0: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * RBJ band-pass (0 dB peak gain) centred between two edges; two in series make the band (each is
 * WIDEN times wider, so the pair's -3 dB width is about the band's).
 */
const WIDEN = 1.55;
function bandPass(lo: number, hi: number, sampleRate: number): Biquad {
  const f0 = Math.sqrt(lo * hi);
  const q = f0 / ((hi - lo) * WIDEN);
  const w0 = (2 * Math.PI * f0) / sampleRate;
  const alpha = Math.sin(w0) / (2 * q);
  const a0 = 1 + alpha;
  return { b0: alpha / a0, b2: -alpha / a0, a1: (-2 * Math.cos(w0)) / a0, a2: (1 - alpha) / a0 };
}

export class WatermarkEmbedder {
  private readonly pattern: Pattern;
  private readonly filters: Biquad[];
  /** Per band and stage: x[n-1], x[n-2], y[n-1], y[n-2]. */
  private readonly state: Float64Array;
  private readonly frame: number;
  private readonly ramp: number;
  private position = 0;

  constructor(key: string, sampleRate: number, strength = STRENGTH) {
    this.pattern = patternOf(key);
    this.frame = Math.round(FRAME_SECONDS * sampleRate);
    this.ramp = Math.max(1, Math.round(RAMP_SECONDS * sampleRate));
    // Bands the rate cannot carry (above 0.45 of it, e.g. near 4 kHz at 8 kHz) are left out.
    this.filters = [];
    for (let b = 0; b < BANDS; b++) {
      const [lo, hi] = bandEdges(b);
      this.filters.push(
        hi < 0.45 * sampleRate ? bandPass(lo, hi, sampleRate) : { b0: 0, b2: 0, a1: 0, a2: 0 },
      );
    }
    this.state = new Float64Array(BANDS * 8);
    this.strength = strength;
  }

  private readonly strength: number;

  /** Marks the next block of the stream (a new array; the input is not changed). */
  push(block: Int16Array): Int16Array {
    const out = new Int16Array(block.length);
    const { pattern, filters, state, frame, ramp, strength } = this;
    for (let i = 0; i < block.length; i++) {
      const n = this.position + i;
      const j = Math.floor(n / frame);
      const inFrame = n - j * frame;
      const row = (j % PERIOD) * BANDS;
      const prevRow = ((((j - 1) % PERIOD) + PERIOD) % PERIOD) * BANDS;
      const fade = j > 0 && inFrame < ramp ? 0.5 - 0.5 * Math.cos((Math.PI * inFrame) / ramp) : 1;
      const x = block[i]!;
      let mark = 0;
      for (let b = 0; b < BANDS; b++) {
        const f = filters[b]!;
        const y = stage(f, state, b * 8 + 4, stage(f, state, b * 8, x));
        const sign =
          fade === 1
            ? pattern[row + b]!
            : pattern[prevRow + b]! + (pattern[row + b]! - pattern[prevRow + b]!) * fade;
        mark += sign * y;
      }
      const v = Math.round(x + strength * mark);
      out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    }
    this.position += block.length;
    return out;
  }
}

/** One biquad step with its state at `s` (x[n-1], x[n-2], y[n-1], y[n-2]). */
function stage(f: Biquad, state: Float64Array, s: number, x: number): number {
  const y = f.b0 * x + f.b2 * state[s + 1]! - f.a1 * state[s + 2]! - f.a2 * state[s + 3]!;
  state[s + 1] = state[s]!;
  state[s] = x;
  state[s + 3] = state[s + 2]!;
  state[s + 2] = y;
  return y;
}

/** Marks a whole clip. */
export function embedWatermark(
  pcm: Int16Array,
  sampleRate: number,
  key: string,
  strength = STRENGTH,
): Int16Array {
  return new WatermarkEmbedder(key, sampleRate, strength).push(pcm);
}
