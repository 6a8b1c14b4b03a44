/**
 * Fundamental frequency (f0) of speech by normalised autocorrelation, frame by frame. Good enough to
 * tell a voice's pitch level (male ~85–155 Hz, female ~165–255 Hz) and an intonation contour; not a
 * research-grade tracker. Pure: same samples, same numbers.
 */

/** f0 of each voiced frame, in Hz, in time order (unvoiced and silent frames are left out). */
export interface PitchTrack {
  /** Frame start times, seconds. */
  times: number[];
  f0: number[];
}

const FRAME_SECONDS = 0.04;
const HOP_SECONDS = 0.01;
const MIN_HZ = 60;
const MAX_HZ = 450;
/** A frame counts as voiced when its best normalised autocorrelation reaches this. */
const VOICING = 0.6;

/** Tracks f0 over mono Int16 PCM. */
export function pitchTrack(pcm: Int16Array, sampleRate: number): PitchTrack {
  const frame = Math.round(FRAME_SECONDS * sampleRate);
  const hop = Math.round(HOP_SECONDS * sampleRate);
  const minLag = Math.floor(sampleRate / MAX_HZ);
  const maxLag = Math.ceil(sampleRate / MIN_HZ);
  let peak = 0;
  for (const s of pcm) peak = Math.max(peak, Math.abs(s));
  const silence = (peak * 0.05) ** 2;
  const times: number[] = [];
  const f0: number[] = [];
  const x = new Float64Array(frame + maxLag);
  for (let start = 0; start + frame + maxLag <= pcm.length; start += hop) {
    let mean = 0;
    for (let i = 0; i < x.length; i++) mean += pcm[start + i]!;
    mean /= x.length;
    for (let i = 0; i < x.length; i++) x[i] = pcm[start + i]! - mean;
    let e0 = 0;
    for (let i = 0; i < frame; i++) e0 += x[i]! * x[i]!;
    if (e0 / frame < silence) continue;
    let bestLag = 0;
    let best = 0;
    const r: number[] = [];
    for (let lag = minLag; lag <= maxLag; lag++) {
      let c = 0;
      let e1 = 0;
      for (let i = 0; i < frame; i++) {
        c += x[i]! * x[i + lag]!;
        e1 += x[i + lag]! * x[i + lag]!;
      }
      const v = c / Math.sqrt(e0 * e1 || 1);
      r.push(v);
      if (v > best) {
        best = v;
        bestLag = lag;
      }
    }
    if (best < VOICING) continue;
    // Prefer the shortest lag that is nearly as good as the best (avoids octave-down errors).
    for (let k = 0; k < r.length; k++) {
      const lag = minLag + k;
      if (lag >= bestLag) break;
      const isPeak = (k === 0 || r[k]! >= r[k - 1]!) && (k === r.length - 1 || r[k]! >= r[k + 1]!);
      if (isPeak && r[k]! >= 0.9 * best) {
        bestLag = lag;
        break;
      }
    }
    times.push(start / sampleRate);
    f0.push(sampleRate / bestLag);
  }
  return { times, f0 };
}

/** The median of the voiced frames' f0, or NaN when nothing is voiced. */
export function medianPitch(pcm: Int16Array, sampleRate: number): number {
  const { f0 } = pitchTrack(pcm, sampleRate);
  if (!f0.length) return NaN;
  const sorted = [...f0].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
