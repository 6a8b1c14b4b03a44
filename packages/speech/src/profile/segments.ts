/**
 * Voice activity by intensity: a clip's speech segments (runs of speech frames, split at pauses of
 * 0.3 s or more). The threshold is measure.ts's: 25 dB under the loudest frames, never below -70 dBFS.
 * Used to cut samples into sentences (the professional profile) and to separate speakers.
 */
import { intensityContour } from './measure';

/** A stretch of speech, seconds from the clip's start. */
export interface SpeechSegment {
  start: number;
  end: number;
}

const HOP_SECONDS = 0.01;
const WINDOW_SECONDS = 0.05;
const SILENCE_BELOW_PEAK_DB = 25;
const ABSOLUTE_FLOOR_DBFS = -70;
/** A pause this long ends a segment (between sentences and phrases; shorter gaps are stops and breaths). */
export const SEGMENT_PAUSE_SECONDS = 0.3;
/** Shorter speech runs are clicks or breaths, not speech. */
const MIN_SEGMENT_SECONDS = 0.25;

/** The speech segments of mono PCM, in time order. */
export function speechSegments(pcm: Int16Array, sampleRate: number): SpeechSegment[] {
  const contour = intensityContour(pcm, sampleRate);
  if (!contour.length) return [];
  const sorted = [...contour].sort((a, b) => a - b);
  const peak = sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))]!;
  const threshold = Math.max(peak - SILENCE_BELOW_PEAK_DB, ABSOLUTE_FLOOR_DBFS);
  const maxGap = Math.round(SEGMENT_PAUSE_SECONDS / HOP_SECONDS);
  const out: SpeechSegment[] = [];
  let first = -1;
  let last = -1;
  const close = () => {
    if (first < 0) return;
    const start = first * HOP_SECONDS;
    const end = last * HOP_SECONDS + WINDOW_SECONDS;
    if (end - start >= MIN_SEGMENT_SECONDS) out.push({ start, end });
  };
  contour.forEach((db, i) => {
    if (db <= threshold) return;
    if (first >= 0 && i - last > maxGap) {
      close();
      first = -1;
    }
    if (first < 0) first = i;
    last = i;
  });
  close();
  return out;
}

/** The samples of a segment. */
export function sliceSegment(pcm: Int16Array, sampleRate: number, s: SpeechSegment): Int16Array {
  return pcm.subarray(Math.floor(s.start * sampleRate), Math.min(pcm.length, Math.ceil(s.end * sampleRate)));
}
