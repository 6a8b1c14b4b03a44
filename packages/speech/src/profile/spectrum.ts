/**
 * Long-term average spectrum of speech frames and a high-shelf filter: the measure and the control
 * of a voice's brightness (spectral tilt). Pure.
 */

/** In-place radix-2 FFT of `re`/`im` (length a power of two). */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(ang * k);
        const wi = Math.sin(ang * k);
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

const FFT_SIZE = 512;

/**
 * Brightness in dB: energy of 1–4 kHz over energy of 100 Hz–1 kHz in the average power spectrum of
 * the frames whose start sample index is listed (speech frames). Higher is brighter.
 */
export function bandTiltDb(pcm: Int16Array, sampleRate: number, frameStarts: number[]): number {
  const power = new Float64Array(FFT_SIZE / 2);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  let frames = 0;
  for (const start of frameStarts) {
    if (start + FFT_SIZE > pcm.length) continue;
    for (let i = 0; i < FFT_SIZE; i++) {
      const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FFT_SIZE - 1));
      re[i] = pcm[start + i]! * w;
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 0; k < FFT_SIZE / 2; k++) power[k]! += re[k]! * re[k]! + im[k]! * im[k]!;
    frames++;
  }
  if (!frames) return NaN;
  const bin = sampleRate / FFT_SIZE;
  let low = 0;
  let high = 0;
  for (let k = 0; k < FFT_SIZE / 2; k++) {
    const f = k * bin;
    if (f >= 100 && f < 1000) low += power[k]!;
    else if (f >= 1000 && f < 4000) high += power[k]!;
  }
  return 10 * Math.log10((high + 1e-9) / (low + 1e-9));
}

/** Corner frequency of the brightness shelf, Hz. */
export const SHELF_HZ = 1000;

/**
 * RBJ high-shelf biquad (slope 1) with `gainDb` above ~1 kHz: positive brightens, negative darkens.
 * A boost is taken as a cut below the corner instead (the same tilt), so bright output does not clip;
 * the speaker-boost normalisation after it restores the level. 0 dB returns a copy.
 */
export function highShelf(pcm: Int16Array, sampleRate: number, gainDb: number): Int16Array {
  if (!gainDb || !Number.isFinite(gainDb)) return pcm.slice();
  const a = 10 ** (gainDb / 40);
  const w0 = (2 * Math.PI * Math.min(SHELF_HZ, sampleRate / 4)) / sampleRate;
  const cos = Math.cos(w0);
  const alpha = (Math.sin(w0) / 2) * Math.SQRT2;
  const sq = 2 * Math.sqrt(a) * alpha;
  const b0 = a * (a + 1 + (a - 1) * cos + sq);
  const b1 = -2 * a * (a - 1 + (a + 1) * cos);
  const b2 = a * (a + 1 + (a - 1) * cos - sq);
  const a0 = a + 1 - (a - 1) * cos + sq;
  const a1 = 2 * (a - 1 - (a + 1) * cos);
  const a2 = a + 1 - (a - 1) * cos - sq;
  const makeup = gainDb > 0 ? 10 ** (-gainDb / 20) : 1;
  const out = new Int16Array(pcm.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < pcm.length; i++) {
    const x = pcm[i]!;
    const y = (b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2) / a0;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(y * makeup)));
  }
  return out;
}
