/**
 * Finds the watermark (scheme.ts) in 16 kHz mono PCM by correlation.
 *
 * For each frame and band the detector takes the log energy, removes the sound's own changes (in steady
 * sound a 3-frame moving average per band and the frame's mean over bands; in transient frames the band's
 * neighbours in the same frame, see `rowSums`), clips it to ±CLIP, sums the residuals of frames that share a pattern row, and correlates those sums with the keyed pattern:
 * z = Σ s·A / √(Σ A²). It tries every alignment (OFFSETS positions inside a frame × PERIOD rows) and
 * keeps the best.
 *
 * False positives: for audio that was not marked with this key, the pattern is independent of the
 * audio, so by Hoeffding's inequality each alignment's z exceeds t with probability at most exp(-t²/2);
 * over HYPOTHESES alignments the chance is at most HYPOTHESES·exp(-t²/2) (`falsePositiveBound`).
 */
import { fft } from './fft';
import { BANDS, DETECT_RATE, FRAME_SECONDS, PERIOD, bandEdges, patternOf } from './scheme';

const FRAME = Math.round(FRAME_SECONDS * DETECT_RATE);
const FFT_SIZE = 512;
const OFFSETS = 4;
export const HYPOTHESES = OFFSETS * PERIOD;
/** z from which a clip counts as marked: a false-positive bound of 256·e^-12.5 ≈ 9.6e-4. */
export const THRESHOLD = 5;
/**
 * Residuals are clipped to ±CLIP (natural-log energy, 0.2 ≈ 0.9 dB, about the mark's own size): onsets and
 * pauses swing band energies by many dB and would drown the mark; clipping is a function of the audio
 * alone, so the false-positive bound still holds. Measured: median score of 3 s cuts 5.7 → 7.1.
 */
const CLIP = 0.2;

/** The chance that audio not marked with the key scores `z` or more. */
export function falsePositiveBound(z: number): number {
  return z <= 0 ? 1 : Math.min(1, HYPOTHESES * Math.exp((-z * z) / 2));
}

export interface Detection {
  /** The best alignment's correlation score (about N(0,1) for unmarked audio). */
  score: number;
  /** z ≥ THRESHOLD. */
  marked: boolean;
  /** Upper bound on the chance that unmarked audio scores this high. */
  falsePositiveBound: number;
  /** Frames with sound that were used. */
  frames: number;
}

const hann = Float64Array.from(
  { length: FRAME },
  (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / FRAME),
);
const bandBins = Array.from({ length: BANDS }, (_, b) => {
  const [lo, hi] = bandEdges(b);
  return [Math.ceil((lo * FFT_SIZE) / DETECT_RATE), Math.floor((hi * FFT_SIZE) / DETECT_RATE)] as const;
});

/** Log band energies of frames starting at `offset`, or null for a frame without sound. */
function bandLogEnergies(pcm: Int16Array, offset: number): (Float64Array | null)[] {
  const frames: Float64Array[] = [];
  const totals: number[] = [];
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  for (let start = offset; start + FRAME <= pcm.length; start += FRAME) {
    re.fill(0);
    im.fill(0);
    for (let i = 0; i < FRAME; i++) re[i] = pcm[start + i]! * hann[i]!;
    fft(re, im);
    const e = new Float64Array(BANDS);
    let total = 0;
    for (let b = 0; b < BANDS; b++) {
      const [lo, hi] = bandBins[b]!;
      let sum = 0;
      for (let k = lo; k <= hi; k++) sum += re[k]! * re[k]! + im[k]! * im[k]!;
      e[b] = sum;
      total += sum;
    }
    frames.push(e);
    totals.push(total);
  }
  // Frames with sound: within 40 dB of the loud frames (95th percentile), and above digital silence.
  const sorted = [...totals].sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const floor = Math.max(loud * 1e-4, FRAME * BANDS * 100);
  return frames.map((e, j) => {
    if (totals[j]! < floor) return null;
    return e.map((v) => Math.log(v + (1e-3 * totals[j]!) / BANDS));
  });
}

/** Bands on each side that make a band's in-frame reference in transient frames. */
const SPAN = 1;
/**
 * A frame at least this much louder (natural log of energy, 2.3 = 10 dB) than a neighbour is a transient (a
 * click, a step, an onset): its neighbours say nothing about its spectrum, so it is compared with itself.
 */
const JUMP = 2.3;

const level = (g: Float64Array | null | undefined) =>
  g ? Math.log(g.reduce((a, v) => a + Math.exp(v), 0)) : -Infinity;

/**
 * Residual of each frame's log band energies, summed per pattern row (rows × BANDS). Frames inside steady
 * sound: each band against its own 3-frame moving average, minus the frame's mean over bands. Transient
 * frames (no neighbour with sound on one side, or a jump of JUMP or more from one): each band against the
 * mean of itself and its SPAN neighbours in the same frame (a click's spectrum is smooth across 125 Hz
 * bands, while its level and shape change completely from one frame to the next). Either way a function of
 * the audio alone, so the false-positive bound holds.
 */
function rowSums(frames: (Float64Array | null)[]): { sums: Float64Array; used: number } {
  const sums = new Float64Array(PERIOD * BANDS);
  let used = 0;
  for (let j = 0; j < frames.length; j++) {
    const f = frames[j];
    if (!f) continue;
    const row = (j % PERIOD) * BANDS;
    const prev = frames[j - 1];
    const next = frames[j + 1];
    const here = level(f);
    if (!prev || !next || here - level(prev) > JUMP || here - level(next) > JUMP) {
      for (let b = 0; b < BANDS; b++) {
        let sum = 0;
        let m = 0;
        for (let k = Math.max(0, b - SPAN); k <= Math.min(BANDS - 1, b + SPAN); k++) {
          sum += f[k]!;
          m++;
        }
        sums[row + b]! += Math.max(-CLIP, Math.min(CLIP, f[b]! - sum / m));
      }
      used++;
      continue;
    }
    const r = new Float64Array(BANDS);
    for (let b = 0; b < BANDS; b++) r[b] = f[b]! - (prev[b]! + f[b]! + next[b]!) / 3;
    const mean = r.reduce((a, v) => a + v, 0) / BANDS;
    for (let b = 0; b < BANDS; b++) sums[row + b]! += Math.max(-CLIP, Math.min(CLIP, r[b]! - mean));
    used++;
  }
  return { sums, used };
}

/** Looks for the key's watermark in mono 16 kHz PCM. */
export function detectWatermark(pcm: Int16Array, key: string): Detection {
  const pattern = patternOf(key);
  let best = -Infinity;
  let frames = 0;
  for (let o = 0; o < OFFSETS; o++) {
    const { sums, used } = rowSums(bandLogEnergies(pcm, Math.round((o * FRAME) / OFFSETS)));
    frames = Math.max(frames, used);
    const norm = Math.sqrt(sums.reduce((a, v) => a + v * v, 0));
    if (norm === 0) continue;
    for (let c = 0; c < PERIOD; c++) {
      let dot = 0;
      for (let q = 0; q < PERIOD; q++) {
        const prow = ((q + c) % PERIOD) * BANDS;
        const srow = q * BANDS;
        for (let b = 0; b < BANDS; b++) dot += pattern[prow + b]! * sums[srow + b]!;
      }
      best = Math.max(best, dot / norm);
    }
  }
  const score = Number.isFinite(best) ? best : 0;
  return { score, marked: score >= THRESHOLD, falsePositiveBound: falsePositiveBound(score), frames };
}
