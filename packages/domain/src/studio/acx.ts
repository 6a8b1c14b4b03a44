/**
 * ACX audiobook levels (issue 12: "RMS between −23 and −18 dB, peaks ≤ −3 dB, noise floor ≤ −60 dB"):
 * measuring them on mono samples in [-1, 1], and the processing that meets them (decision 172): a gain to
 * the middle of the RMS window, a look-ahead peak limiter below the peak ceiling, and a gate that silences
 * 10 ms frames too quiet to be speech.
 */

export const ACX_RMS_MIN_DB = -23;
export const ACX_RMS_MAX_DB = -18;
export const ACX_PEAK_MAX_DB = -3;
export const ACX_FLOOR_MAX_DB = -60;
/** RMS aimed at: the middle of ACX's window. */
export const ACX_TARGET_RMS_DB = -20.5;
/** The limiter's ceiling: 1 dB under ACX's peak limit leaves room for mp3 encoding overshoot. */
export const ACX_LIMIT_DB = -4;
/** Frames quieter than this after the gain are silenced. */
export const ACX_GATE_DB = -55;
/** Lowest level reported (digital silence has no finite level). */
export const SILENCE_DB = -120;

export type Levels = { rmsDb: number; peakDb: number; floorDb: number };

const db = (x: number) => (x > 0 ? Math.max(SILENCE_DB, 20 * Math.log10(x)) : SILENCE_DB);
const amp = (d: number) => 10 ** (d / 20);

/**
 * RMS of the whole file, its sample peak, and its noise floor: the RMS of the quietest 500 ms window
 * (windows step by 100 ms), as ACX's own check measures it.
 */
export function measureLevels(samples: Float32Array, sampleRate: number): Levels {
  let sum = 0;
  let peak = 0;
  for (const s of samples) {
    sum += s * s;
    const a = Math.abs(s);
    if (a > peak) peak = a;
  }
  const win = Math.round(sampleRate * 0.5);
  const step = Math.round(sampleRate * 0.1);
  let floor = Infinity;
  if (samples.length < win) floor = samples.length ? sum / samples.length : 0;
  else {
    const prefix = new Float64Array(samples.length + 1);
    for (let i = 0; i < samples.length; i++) prefix[i + 1] = prefix[i]! + samples[i]! * samples[i]!;
    for (let i = 0; i + win <= samples.length; i += step)
      floor = Math.min(floor, (prefix[i + win]! - prefix[i]!) / win);
  }
  return {
    rmsDb: db(Math.sqrt(samples.length ? sum / samples.length : 0)),
    peakDb: db(peak),
    floorDb: db(Math.sqrt(floor)),
  };
}

/** Whether levels meet ACX's three requirements. */
export function meetsAcx(l: Levels): boolean {
  return (
    l.rmsDb >= ACX_RMS_MIN_DB &&
    l.rmsDb <= ACX_RMS_MAX_DB &&
    l.peakDb <= ACX_PEAK_MAX_DB &&
    l.floorDb <= ACX_FLOOR_MAX_DB
  );
}

/** Sliding minimum over [i - r, i + r] (a monotonic deque, O(n)). */
function slidingMin(x: Float32Array, r: number): Float32Array {
  const out = new Float32Array(x.length);
  const dq = new Int32Array(x.length + 2 * r + 1);
  let head = 0;
  let tail = 0;
  for (let j = 0; j < x.length + r; j++) {
    if (j < x.length) {
      while (tail > head && x[dq[tail - 1]!]! >= x[j]!) tail--;
      dq[tail++] = j;
    }
    const i = j - r;
    if (i < 0) continue;
    while (dq[head]! < i - r) head++;
    out[i] = x[dq[head]!]!;
  }
  return out;
}

/** Peak limiter: per-sample gain never above what keeps |x| under `ceiling`, smoothed over ±`r` samples. */
export function limit(x: Float32Array, ceiling: number, r: number): Float32Array {
  const need = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const a = Math.abs(x[i]!);
    need[i] = a > ceiling ? ceiling / a : 1;
  }
  // The minimum over ±r, averaged over ±r: at every sample the average only takes values at or below
  // the gain that sample needs, so the ceiling holds, and the gain moves smoothly (no clicks).
  const m = slidingMin(need, r);
  const prefix = new Float64Array(x.length + 1);
  for (let i = 0; i < x.length; i++) prefix[i + 1] = prefix[i]! + m[i]!;
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const lo = Math.max(0, i - r);
    const hi = Math.min(x.length, i + r + 1);
    out[i] = x[i]! * Math.min(need[i]!, (prefix[hi]! - prefix[lo]!) / (hi - lo));
  }
  return out;
}

/** Silences 10 ms frames whose RMS is under `gateDb`, with 10 ms ramps so cuts do not click. */
export function gate(x: Float32Array, sampleRate: number, gateDb = ACX_GATE_DB): Float32Array {
  const frame = Math.round(sampleRate / 100);
  const frames = Math.ceil(x.length / frame);
  const open = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const end = Math.min(x.length, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) sum += x[i]! * x[i]!;
    open[f] = db(Math.sqrt(sum / Math.max(1, end - f * frame))) >= gateDb ? 1 : 0;
  }
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const f = Math.floor(i / frame);
    const t = (i % frame) / frame;
    const here = open[f]!;
    const next = open[f + 1] ?? here;
    // Ramp from this frame's state towards the next one's across the frame.
    out[i] = x[i]! * (here === next ? here : here + (next - here) * t);
  }
  return out;
}

/** Samples brought to ACX levels: gain to the target RMS, limited and gated, repeated until the RMS holds. */
export function toAcx(samples: Float32Array, sampleRate: number): Float32Array {
  const r = Math.max(1, Math.round(sampleRate * 0.002));
  let gainDb = ACX_TARGET_RMS_DB - measureLevels(samples, sampleRate).rmsDb;
  let out = samples;
  for (let pass = 0; pass < 4; pass++) {
    const g = amp(gainDb);
    const scaled = new Float32Array(samples.length);
    for (let i = 0; i < samples.length; i++) scaled[i] = samples[i]! * g;
    out = limit(gate(scaled, sampleRate), amp(ACX_LIMIT_DB), r);
    const rms = measureLevels(out, sampleRate).rmsDb;
    if (Math.abs(rms - ACX_TARGET_RMS_DB) < 0.5) break;
    // Limiting lowers the RMS: raise the gain by what was lost (bounded, so silence is not blown up).
    gainDb = Math.min(gainDb + (ACX_TARGET_RMS_DB - rms), 60);
  }
  return out;
}
