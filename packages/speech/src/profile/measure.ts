/**
 * What a voice sample is, measured from its signal: pitch level and range (autocorrelation pitch
 * tracker on voiced frames), articulation rate (syllable nuclei over speaking time, after de Jong &
 * Wempe 2009), brightness (long-term spectrum band tilt) and loudness. Pure: same samples, same numbers.
 */
import { pitchTrack } from '../dsp/pitch';
import { bandTiltDb } from './spectrum';

/** Everything a voice profile is fitted to. */
export interface VoiceMeasure {
  /** Median f0 of voiced frames, Hz. */
  pitchHz: number;
  /** 10th and 90th percentile f0, Hz, and the range between them in semitones. */
  pitchLowHz: number;
  pitchHighHz: number;
  pitchRangeSemitones: number;
  /** Syllable nuclei per second of speaking time (pauses of 0.25 s or more left out). */
  syllablesPerSecond: number;
  syllables: number;
  /** Speaking time (pauses removed) and the whole clip, seconds. */
  speechSeconds: number;
  totalSeconds: number;
  /** Energy 1–4 kHz over 100 Hz–1 kHz of speech frames, dB (higher is brighter). */
  brightnessDb: number;
  /** RMS level of speech frames, dBFS. */
  loudnessDbfs: number;
  /** Share of speech frames in which the tracker found a pitch (0..1). */
  voicedShare: number;
}

const HOP_SECONDS = 0.01;
const WINDOW_SECONDS = 0.05;
/** Frames quieter than the 99th-percentile frame by more than this are silence (de Jong: 25 dB). */
const SILENCE_BELOW_PEAK_DB = 25;
/** A nucleus must rise this far above the dip since the previous one (de Jong: 2 dB). */
const MIN_DIP_DB = 2;
const MIN_PAUSE_SECONDS = 0.25;
/** Below this, a frame is digital silence whatever the peak is. */
const ABSOLUTE_FLOOR_DBFS = -70;

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/** Intensity contour: dBFS of a 50 ms window every 10 ms. */
export function intensityContour(pcm: Int16Array, sampleRate: number): number[] {
  const hop = Math.round(HOP_SECONDS * sampleRate);
  const win = Math.round(WINDOW_SECONDS * sampleRate);
  const out: number[] = [];
  for (let start = 0; start + win <= pcm.length; start += hop) {
    let sum = 0;
    for (let i = start; i < start + win; i++) sum += (pcm[i]! / 32768) ** 2;
    out.push(10 * Math.log10(sum / win + 1e-12));
  }
  return out;
}

/** Measures a mono 16-bit clip (any rate; 16 kHz is fastest). NaN fields mean "not found". */
export function measureVoice(pcm: Int16Array, sampleRate: number): VoiceMeasure {
  const contour = intensityContour(pcm, sampleRate);
  const sortedDb = [...contour].sort((a, b) => a - b);
  const threshold = Math.max(quantile(sortedDb, 0.99) - SILENCE_BELOW_PEAK_DB, ABSOLUTE_FLOOR_DBFS);
  const speech = contour.map((db) => db > threshold);

  // Speaking time: from the first to the last speech frame, less pauses of MIN_PAUSE_SECONDS or more.
  const minPause = Math.round(MIN_PAUSE_SECONDS / HOP_SECONDS);
  let speechFrames = 0;
  let gap = 0;
  let started = false;
  for (const s of speech) {
    if (s) {
      if (started && gap < minPause) speechFrames += gap;
      speechFrames++;
      started = true;
      gap = 0;
    } else if (started) gap++;
  }
  const speechSeconds = speechFrames * HOP_SECONDS;

  const track = pitchTrack(pcm, sampleRate);
  const voicedFrames = new Set(track.times.map((t) => Math.round(t / HOP_SECONDS)));
  // The tracker's frame is 40 ms from its start time, the contour's 50 ms: compare centres.
  const voicedNear = (frame: number) => {
    const centre = frame + Math.round((WINDOW_SECONDS - 0.04) / 2 / HOP_SECONDS);
    for (let d = -2; d <= 2; d++) if (voicedFrames.has(centre + d)) return true;
    return false;
  };

  // Syllable nuclei: voiced intensity peaks above the silence threshold, each at least MIN_DIP_DB above
  // the lowest point since the previous nucleus.
  let syllables = 0;
  let dip = Infinity;
  for (let i = 1; i < contour.length - 1; i++) {
    const v = contour[i]!;
    dip = Math.min(dip, v);
    const peak = v >= contour[i - 1]! && v > contour[i + 1]!;
    if (!peak || !speech[i] || v - dip < MIN_DIP_DB || !voicedNear(i)) continue;
    syllables++;
    dip = v;
  }

  const f0 = [...track.f0].sort((a, b) => a - b);
  const pitchLowHz = quantile(f0, 0.1);
  const pitchHighHz = quantile(f0, 0.9);
  const hop = Math.round(HOP_SECONDS * sampleRate);
  const speechStarts = speech.flatMap((s, i) => (s ? [i * hop] : []));
  let energy = 0;
  let n = 0;
  for (const start of speechStarts) {
    for (let i = start; i < Math.min(pcm.length, start + hop); i++) energy += (pcm[i]! / 32768) ** 2;
    n += hop;
  }
  const speechCount = speech.filter(Boolean).length;
  return {
    pitchHz: quantile(f0, 0.5),
    pitchLowHz,
    pitchHighHz,
    pitchRangeSemitones: f0.length ? 12 * Math.log2(pitchHighHz / pitchLowHz) : NaN,
    syllablesPerSecond: speechSeconds ? syllables / speechSeconds : NaN,
    syllables,
    speechSeconds,
    totalSeconds: pcm.length / sampleRate,
    brightnessDb: bandTiltDb(pcm, sampleRate, speechStarts),
    loudnessDbfs: n ? 10 * Math.log10(energy / n + 1e-12) : -Infinity,
    voicedShare: speechCount ? Math.min(1, voicedFrames.size / speechCount) : 0,
  };
}
