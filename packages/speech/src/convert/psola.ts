/**
 * Pitch-synchronous overlap-add (TD-PSOLA) with grain resampling: moves each voiced stretch's f0 along a
 * contour while keeping timing, and scales the spectral envelope (formants) by resampling each grain.
 * Unvoiced stretches are copied grain by grain at a fixed hop. Pure: same samples and contour, same output.
 */

/** f0 per 10 ms frame (0 = unvoiced), as `voicingContour` gives it. */
export interface F0Contour {
  hopSeconds: number;
  f0: Float64Array;
}

const UNVOICED_HOP_SECONDS = 0.005;

/** A dense contour from a tracker's voiced frames: gaps of one frame are bridged, others are unvoiced. */
export function voicingContour(
  track: { times: number[]; f0: number[] },
  totalSeconds: number,
  hopSeconds = 0.01,
  frameSeconds = 0.04,
): F0Contour {
  const n = Math.max(1, Math.ceil(totalSeconds / hopSeconds));
  const f0 = new Float64Array(n);
  // A tracker's frame is labelled by its start; its centre is where the period was measured.
  const offset = Math.round(frameSeconds / 2 / hopSeconds);
  for (let i = 0; i < track.times.length; i++) {
    const k = Math.round(track.times[i]! / hopSeconds) + offset;
    if (k < n) f0[k] = track.f0[i]!;
  }
  for (let k = 1; k + 1 < n; k++) if (!f0[k] && f0[k - 1] && f0[k + 1]) f0[k] = (f0[k - 1]! + f0[k + 1]!) / 2;
  return { hopSeconds, f0 };
}

const f0At = (c: F0Contour, seconds: number) =>
  c.f0[Math.min(c.f0.length - 1, Math.max(0, Math.floor(seconds / c.hopSeconds)))]!;

/** Analysis marks: one per period in voiced stretches (snapped to the local peak), a fixed hop elsewhere. */
function analysisMarks(x: Float32Array, sampleRate: number, c: F0Contour): { at: number; period: number }[] {
  const marks: { at: number; period: number }[] = [];
  const fixed = Math.round(UNVOICED_HOP_SECONDS * sampleRate);
  let t = 0;
  while (t < x.length) {
    const f = f0At(c, t / sampleRate);
    if (!f) {
      marks.push({ at: t, period: fixed });
      t += fixed;
      continue;
    }
    const period = Math.round(sampleRate / f);
    // Snap to the largest magnitude within a third of a period after the nominal position.
    let best = t;
    for (let i = t; i < Math.min(x.length, t + Math.round(period / 3)); i++)
      if (Math.abs(x[i]!) > Math.abs(x[best]!)) best = i;
    const prev = marks[marks.length - 1];
    if (!prev || best - prev.at > period / 2) marks.push({ at: best, period });
    t = best + period;
  }
  return marks;
}

/**
 * Re-synthesises `pcm` with f0 `mapF0(source f0, seconds)` in voiced stretches and the spectral envelope
 * scaled by `formantScale` (>1 moves formants up). Length and timing are kept.
 */
export function psola(
  pcm: Int16Array,
  sampleRate: number,
  contour: F0Contour,
  mapF0: (f0: number, seconds: number) => number,
  formantScale = 1,
): Int16Array {
  const x = Float32Array.from(pcm, (s) => s / 32768);
  const marks = analysisMarks(x, sampleRate, contour);
  const out = new Float64Array(x.length);
  const weight = new Float64Array(x.length);
  const fixed = Math.round(UNVOICED_HOP_SECONDS * sampleRate);
  let m = 0;
  let ts = 0;
  while (ts < x.length && marks.length) {
    while (m + 1 < marks.length && Math.abs(marks[m + 1]!.at - ts) <= Math.abs(marks[m]!.at - ts)) m++;
    const mark = marks[m]!;
    const f = f0At(contour, mark.at / sampleRate);
    const outPeriod = f ? Math.max(8, Math.round(sampleRate / mapF0(f, mark.at / sampleRate))) : fixed;
    // Grain: two source periods under a Hann window, resampled by the formant scale.
    const half = mark.period;
    const outHalf = Math.max(2, Math.round(half / (f ? formantScale : 1)));
    for (let j = -outHalf; j < outHalf; j++) {
      const o = ts + j;
      if (o < 0 || o >= out.length) continue;
      const src = mark.at + (j * half) / outHalf;
      const i0 = Math.floor(src);
      const frac = src - i0;
      const a = i0 >= 0 && i0 < x.length ? x[i0]! : 0;
      const b = i0 + 1 >= 0 && i0 + 1 < x.length ? x[i0 + 1]! : 0;
      const w = 0.5 + 0.5 * Math.cos((Math.PI * j) / outHalf);
      out[o]! += w * (a + (b - a) * frac);
      weight[o]! += w;
    }
    ts += outPeriod;
  }
  const y = new Int16Array(x.length);
  for (let i = 0; i < y.length; i++) {
    const v = (out[i]! / Math.max(weight[i]!, 0.5)) * 32768;
    y[i] = Math.max(-32768, Math.min(32767, Math.round(v)));
  }
  return y;
}
