/**
 * Measures of generated sounds, for the tests and the bench (decision 102): spectrum peak and centroid,
 * spectral flatness, transient rate, envelope periodicity and the loop's wrap-around step.
 */
import { fft } from '../watermark/fft';

const pow2 = (n: number) => 2 ** Math.floor(Math.log2(n));

/** Average power spectrum of `size`-sample frames (bins 0..size/2), and the bin width in Hz. */
export function powerSpectrum(
  pcm: Int16Array,
  rate: number,
  size = 8192,
): { power: Float64Array; hz: number } {
  size = Math.min(size, pow2(pcm.length));
  const power = new Float64Array(size / 2);
  const frames = Math.max(1, Math.floor(pcm.length / size));
  for (let f = 0; f < frames; f++) {
    const re = new Float64Array(size);
    const im = new Float64Array(size);
    for (let i = 0; i < size; i++)
      re[i] = (pcm[f * size + i]! / 32768) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
    fft(re, im);
    for (let k = 0; k < size / 2; k++) power[k]! += re[k]! ** 2 + im[k]! ** 2;
  }
  return { power, hz: rate / size };
}

/** The strongest frequency (Hz) above `minHz`. */
export function peakHz(pcm: Int16Array, rate: number, minHz = 20): number {
  const { power, hz } = powerSpectrum(pcm, rate);
  let best = 0;
  for (let k = Math.ceil(minHz / hz); k < power.length; k++) if (power[k]! > power[best]!) best = k;
  return best * hz;
}

/** Spectral centroid (Hz). */
export function centroidHz(pcm: Int16Array, rate: number): number {
  const { power, hz } = powerSpectrum(pcm, rate, 2048);
  let s = 0;
  let w = 0;
  power.forEach((p, k) => ((s += p * k * hz), (w += p)));
  return w ? s / w : 0;
}

/** Spectral flatness in 100 Hz - 10 kHz (geometric over arithmetic mean of power; 1 = white noise). */
export function flatness(pcm: Int16Array, rate: number): number {
  const { power, hz } = powerSpectrum(pcm, rate, 2048);
  let logSum = 0;
  let sum = 0;
  let n = 0;
  for (let k = Math.ceil(100 / hz); k < 10_000 / hz; k++) {
    logSum += Math.log(power[k]! + 1e-20);
    sum += power[k]!;
    n++;
  }
  return Math.exp(logSum / n) / (sum / n);
}

/** RMS envelope in `ms` blocks. */
export function envelope(pcm: Int16Array, rate: number, ms = 10): Float64Array {
  const size = Math.round((rate * ms) / 1000);
  const out = new Float64Array(Math.floor(pcm.length / size));
  for (let b = 0; b < out.length; b++) {
    let s = 0;
    for (let i = 0; i < size; i++) s += (pcm[b * size + i]! / 32768) ** 2;
    out[b] = Math.sqrt(s / size);
  }
  return out;
}

/**
 * Transients per second: 2 ms blocks of the high-passed signal that peak above their neighbours and reach
 * 2.5 times the median of the 100 ms around them.
 */
export function transientRate(pcm: Int16Array, rate: number): number {
  const hp = new Int16Array(pcm.length);
  for (let i = 1; i < pcm.length; i++) hp[i] = Math.max(-32768, Math.min(32767, pcm[i]! - pcm[i - 1]!));
  const env = envelope(hp, rate, 2);
  let count = 0;
  for (let b = 25; b + 25 < env.length; b++) {
    if (!(env[b]! > env[b - 1]! && env[b]! >= env[b + 1]!) || env[b]! < 0.002) continue;
    const around = Array.from(env.subarray(b - 25, b + 25)).sort((x, y) => x - y);
    if (env[b]! > 2.5 * around[25]!) count++;
  }
  return count / (pcm.length / rate);
}

/** The strongest repetition period (s) of the 10 ms envelope between minS and maxS (autocorrelation). */
export function envelopePeriod(pcm: Int16Array, rate: number, minS: number, maxS: number): number {
  const env = envelope(pcm, rate, 10);
  const mean = env.reduce((a, b) => a + b, 0) / env.length;
  let best = 0;
  let bestLag = 0;
  for (let lag = Math.round(minS * 100); lag <= Math.round(maxS * 100); lag++) {
    let s = 0;
    for (let i = 0; i + lag < env.length; i++) s += (env[i]! - mean) * (env[i + lag]! - mean);
    s /= env.length - lag;
    if (s > best) [best, bestLag] = [s, lag];
  }
  return bestLag / 100;
}

/**
 * The loop's seam: the step from the last sample to the first, over the median step between neighbours
 * (about 1 for a seamless loop; a cut shows as many times the median).
 */
export function seamRatio(pcm: Int16Array): number {
  const steps: number[] = [];
  for (let i = 1; i < pcm.length; i++) steps.push(Math.abs(pcm[i]! - pcm[i - 1]!));
  steps.sort((a, b) => a - b);
  const median = steps[steps.length >> 1]! || 1;
  return Math.abs(pcm[0]! - pcm[pcm.length - 1]!) / median;
}
