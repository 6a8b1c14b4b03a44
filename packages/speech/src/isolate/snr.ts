/**
 * Signal-to-noise measures for voice isolation (decision 096): mixing clean speech with noise at a chosen SNR,
 * the SNR of a processed clip against the clean reference (the best-fitting gain of the reference is the
 * signal, everything else is noise), and deterministic test noises. Pure.
 */

const energy = (x: ArrayLike<number>) => {
  let e = 0;
  for (let i = 0; i < x.length; i++) e += x[i]! * x[i]!;
  return e;
};

/** Clean speech plus noise (looped or cut to the speech's length) scaled so the mix has `snrDb`. */
export function mixAtSnr(speech: Int16Array, noise: Int16Array, snrDb: number): Int16Array {
  const n = Float64Array.from(speech, (_, i) => noise[i % noise.length]!);
  const gain = Math.sqrt(energy(speech) / (energy(n) * 10 ** (snrDb / 10)));
  const mix = Float64Array.from(speech, (s, i) => s + gain * n[i]!);
  let peak = 0;
  for (const v of mix) peak = Math.max(peak, Math.abs(v));
  const scale = peak > 32000 ? 32000 / peak : 1;
  return Int16Array.from(mix, (v) => Math.round(v * scale));
}

/** SNR in dB of `processed` against `clean` (compared over the shorter length). */
export function snrDb(clean: Int16Array, processed: Int16Array): number {
  const len = Math.min(clean.length, processed.length);
  let dot = 0;
  let cc = 0;
  for (let i = 0; i < len; i++) {
    dot += clean[i]! * processed[i]!;
    cc += clean[i]! * clean[i]!;
  }
  const a = dot / (cc || 1);
  let s = 0;
  let e = 0;
  for (let i = 0; i < len; i++) {
    const target = a * clean[i]!;
    s += target * target;
    e += (processed[i]! - target) ** 2;
  }
  return 10 * Math.log10((s || 1e-9) / (e || 1e-9));
}

export type NoiseKind = 'white' | 'pink' | 'hum';

/** Deterministic steady noises: white, pink (three-pole filter), and mains hum (50 Hz + harmonics) with hiss. */
export function makeNoise(kind: NoiseKind, seconds: number, sampleRate: number): Int16Array {
  let seed = 12345;
  const rand = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296 - 0.5;
  };
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  return Int16Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => {
    const w = rand();
    let v = w;
    if (kind === 'pink') {
      b0 = 0.99765 * b0 + w * 0.099046;
      b1 = 0.963 * b1 + w * 0.2965164;
      b2 = 0.57 * b2 + w * 1.0526913;
      v = (b0 + b1 + b2 + w * 0.1848) / 3;
    } else if (kind === 'hum') {
      const t = (2 * Math.PI * 50 * i) / sampleRate;
      v = 0.5 * Math.sin(t) + 0.25 * Math.sin(3 * t) + 0.12 * Math.sin(5 * t) + 0.1 * w;
    }
    return Math.round(v * 20000);
  });
}
