/**
 * How far under the speech the watermark sits, per critical band and frame, against a simultaneous-masking
 * threshold (Johnston 1988: the masked level lies O dB under the masker's band energy, with
 * O = a·(14.5 + z) + (1 - a)·5.5, z the band's Bark number and a the tonality from the frame's spectral
 * flatness, a = min(SFM_dB / -60, 1)). No spreading between bands is credited, so the threshold is
 * conservative.
 */
import { fft } from './fft';

/** Critical bands (Bark 9-17) covering the 1-4 kHz range of the mark: [low Hz, high Hz, Bark number]. */
const BARK_BANDS: [number, number, number][] = [
  [1080, 1270, 9],
  [1270, 1480, 10],
  [1480, 1720, 11],
  [1720, 2000, 12],
  [2000, 2320, 13],
  [2320, 2700, 14],
  [2700, 3150, 15],
  [3150, 3700, 16],
  [3700, 4400, 17],
];

export interface MaskingReport {
  /** Mark energy over speech energy, whole clip, dB. */
  overallDb: number;
  /** Median over frames with sound and bands of mark-to-speech energy, dB. */
  medianBandDb: number;
  /** Median masking threshold offset (under the speech), dB. */
  medianThresholdDb: number;
  /** Share of (frame, band) cells with sound where the mark is above the threshold. */
  cellsAboveThreshold: number;
  cells: number;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

/** Compares a clip with its marked version (same rate, same length). */
export function maskingReport(original: Int16Array, marked: Int16Array, sampleRate: number): MaskingReport {
  const n = 1 << Math.round(Math.log2(sampleRate * 0.023));
  const hann = Float64Array.from(
    { length: n },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / n),
  );
  const bin = (hz: number) => Math.round((hz * n) / sampleRate);
  const usable = BARK_BANDS.filter(([, hi]) => hi < sampleRate / 2);
  const [loBin, hiBin] = [bin(usable[0]![0]), bin(usable.at(-1)![1])];
  let markTotal = 0;
  let speechTotal = 0;
  for (let i = 0; i < original.length; i++) {
    markTotal += (marked[i]! - original[i]!) ** 2;
    speechTotal += original[i]! ** 2;
  }
  const spectrum = (x: Int16Array | Float64Array, at: number) => {
    const re = new Float64Array(n);
    const im = new Float64Array(n);
    for (let i = 0; i < n; i++) re[i] = x[at + i]! * hann[i]!;
    fft(re, im);
    return re.map((r, k) => r * r + im[k]! * im[k]!);
  };
  const frames: { ratios: number[]; offsets: number[]; energy: number }[] = [];
  const diff = Float64Array.from(original, (v, i) => marked[i]! - v);
  for (let at = 0; at + n <= original.length; at += n / 2) {
    const s = spectrum(original, at);
    const w = spectrum(diff, at);
    let logSum = 0;
    let sum = 0;
    for (let k = loBin; k < hiBin; k++) {
      logSum += Math.log(s[k]! + 1e-9);
      sum += s[k]!;
    }
    const count = hiBin - loBin;
    const sfmDb = 10 * Math.log10(Math.exp(logSum / count) / (sum / count + 1e-9) + 1e-12);
    const tonality = Math.min(sfmDb / -60, 1);
    const ratios: number[] = [];
    const offsets: number[] = [];
    for (const [lo, hi, z] of usable) {
      let se = 0;
      let we = 0;
      for (let k = bin(lo); k < bin(hi); k++) {
        se += s[k]!;
        we += w[k]!;
      }
      ratios.push(10 * Math.log10((we + 1e-9) / (se + 1e-9)));
      offsets.push(tonality * (14.5 + z) + (1 - tonality) * 5.5);
    }
    frames.push({ ratios, offsets, energy: sum });
  }
  const loud = median(frames.map((f) => f.energy)) * 0.01;
  const sounding = frames.filter((f) => f.energy > loud && f.energy > count0(n));
  const ratios = sounding.flatMap((f) => f.ratios);
  const offsets = sounding.flatMap((f) => f.offsets);
  const above = sounding.reduce((a, f) => a + f.ratios.filter((r, b) => r > -f.offsets[b]!).length, 0);
  return {
    overallDb: 10 * Math.log10(markTotal / speechTotal),
    medianBandDb: median(ratios),
    medianThresholdDb: -median(offsets),
    cellsAboveThreshold: ratios.length ? above / ratios.length : 0,
    cells: ratios.length,
  };
}

/** Energy of digital near-silence in a frame (so silent frames never count). */
const count0 = (n: number) => n * 100;
