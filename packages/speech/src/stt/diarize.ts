/**
 * The built-in diarization: split the words into turns at pauses, describe each turn by its median pitch
 * (log f0) and brightness (zero-crossing rate), and cluster the turns into speakers with k-means. It tells
 * apart voices that differ in pitch or timbre (a man and a woman, two distinct recordings); it cannot
 * separate overlapping speech or two similar voices, and a speaker change without a pause is missed.
 */
import { pitchTrack } from '../dsp/pitch';
import type { RecognisedWord } from './stt-engine';

/** A pause at least this long starts a new turn. */
export const TURN_PAUSE_SECONDS = 0.3;
/** Without num_speakers, two clusters must lie this far apart (in feature units, ~ a 25% pitch step) to count. */
const SEPARATION = 0.22;

interface Turn {
  first: number;
  last: number;
  feature: [number, number] | null;
}

function turnsOf(words: RecognisedWord[]): Turn[] {
  const turns: Turn[] = [];
  words.forEach((w, i) => {
    const prev = words[i - 1];
    if (!prev || w.start - prev.end >= TURN_PAUSE_SECONDS) turns.push({ first: i, last: i, feature: null });
    else turns[turns.length - 1]!.last = i;
  });
  return turns;
}

/** log f0 median and zero-crossing rate of a stretch of audio, or null when it holds no voiced frame. */
export function voiceFeature(pcm: Int16Array, sampleRate: number): [number, number] | null {
  const { f0 } = pitchTrack(pcm, sampleRate);
  if (f0.length < 3) return null;
  const sorted = [...f0].sort((a, b) => a - b);
  let crossings = 0;
  for (let i = 1; i < pcm.length; i++) if (pcm[i - 1]! < 0 !== pcm[i]! < 0) crossings++;
  const zcr = (crossings / Math.max(1, pcm.length)) * sampleRate;
  // log2 so one unit is an octave; the zero-crossing rate scaled to a comparable spread.
  return [Math.log2(sorted[Math.floor(sorted.length / 2)]!), zcr / 4000];
}

const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** k-means on 2-D points, seeded by the farthest-point rule (deterministic). */
export function kMeans(
  points: [number, number][],
  k: number,
): { labels: number[]; centres: [number, number][] } {
  const centres: [number, number][] = [points[0]!];
  while (centres.length < k) {
    let best = points[0]!;
    let bestD = -1;
    for (const p of points) {
      const d = Math.min(...centres.map((c) => dist(p, c)));
      if (d > bestD) [best, bestD] = [p, d];
    }
    centres.push(best);
  }
  let labels = points.map(() => 0);
  for (let iter = 0; iter < 20; iter++) {
    labels = points.map((p) =>
      centres.reduce((bi, c, i) => (dist(p, c) < dist(p, centres[bi]!) ? i : bi), 0),
    );
    centres.forEach((_, i) => {
      const mine = points.filter((_, j) => labels[j] === i);
      if (mine.length)
        centres[i] = [
          mine.reduce((s, p) => s + p[0], 0) / mine.length,
          mine.reduce((s, p) => s + p[1], 0) / mine.length,
        ];
    });
  }
  return { labels, centres };
}

/**
 * A speaker index per word (speakers numbered in order of first appearance). `numSpeakers` fixes the count
 * (at most the number of turns); without it, one or two speakers are chosen by how far apart the turns are.
 */
export function diarize(
  words: RecognisedWord[],
  pcm: Int16Array,
  sampleRate: number,
  numSpeakers?: number,
): number[] {
  const turns = turnsOf(words);
  for (const t of turns) {
    const from = Math.floor(words[t.first]!.start * sampleRate);
    const to = Math.ceil(words[t.last]!.end * sampleRate);
    t.feature = voiceFeature(pcm.subarray(from, to), sampleRate);
  }
  const voiced = turns.filter((t) => t.feature);
  const points = voiced.map((t) => t.feature!);
  let k = Math.min(numSpeakers ?? 2, points.length);
  let labels = points.map(() => 0);
  if (k >= 2) {
    const fit = kMeans(points, k);
    if (numSpeakers === undefined && dist(fit.centres[0]!, fit.centres[1]!) < SEPARATION) k = 1;
    else labels = fit.labels;
  }
  // Unvoiced turns join the previous turn's speaker; renumber by first appearance.
  const byTurn: number[] = [];
  let vi = 0;
  turns.forEach((t, i) => (byTurn[i] = t.feature ? labels[vi++]! : (byTurn[i - 1] ?? labels[0] ?? 0)));
  const order = new Map<number, number>();
  const perWord: number[] = [];
  turns.forEach((t, i) => {
    const raw = byTurn[i]!;
    if (!order.has(raw)) order.set(raw, order.size);
    for (let w = t.first; w <= t.last; w++) perWord[w] = order.get(raw)!;
  });
  return perWord;
}
