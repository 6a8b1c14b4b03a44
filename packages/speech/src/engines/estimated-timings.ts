/**
 * Word timings for engines that report none (RHVoice's command line, Pico): a forced alignment of the
 * sentence's words to its audio. The audio gives where speech starts and ends and where it pauses; the
 * text gives the words, how long each is likely to take (letters and syllables) and where a pause can
 * fall (punctuation). Pauses are matched to punctuation in order, then each stretch of speech between
 * them is shared by its words by their expected length. Good to a word or two within a sentence, and
 * exact at the pauses, which is what captions and karaoke highlighting look at.
 */
import type { TimingEvent } from '../engine';

/** A word of the text: its span and how long it should take relative to the others. */
interface Word {
  textStart: number;
  textEnd: number;
  value: string;
  weight: number;
}

/** A stretch of silence in the audio, seconds from its start. */
export interface Silence {
  start: number;
  end: number;
}

const FRAME_SECONDS = 0.01;
/** Shortest silence counted as a pause between words (stops and closures are shorter). */
const MIN_PAUSE_SECONDS = 0.12;
/** A frame is silent below this fraction of the loudest frame's RMS (-30 dB). */
const SILENCE_RATIO = 0.03;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu;
const BREAK = /[,;:.!?…—–()"“”]/u;

/** The words of a text with their expected relative durations. */
export function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => {
    const value = m[0];
    const syllables = value.toLowerCase().match(/[aeiouyà-ÿ]+/g)?.length ?? 1;
    // Digits are read as whole words each ("2026" is four of them at least).
    const digits = value.match(/\p{N}/gu)?.length ?? 0;
    return {
      textStart: m.index,
      textEnd: m.index + value.length,
      value,
      weight: value.length + 2 * syllables + 6 * digits,
    };
  });
}

/** Speech start and end, and the silences inside, of a block of audio. */
export function findSilences(
  pcm: Int16Array,
  sampleRate: number,
): { speechStart: number; speechEnd: number; pauses: Silence[] } {
  const frame = Math.max(1, Math.round(FRAME_SECONDS * sampleRate));
  const rms: number[] = [];
  for (let at = 0; at < pcm.length; at += frame) {
    let sum = 0;
    const end = Math.min(pcm.length, at + frame);
    for (let i = at; i < end; i++) sum += pcm[i]! * pcm[i]!;
    rms.push(Math.sqrt(sum / Math.max(1, end - at)));
  }
  const loudest = Math.max(0, ...rms);
  const voiced = rms.map((r) => loudest > 0 && r >= loudest * SILENCE_RATIO);
  const first = voiced.indexOf(true);
  const last = voiced.lastIndexOf(true);
  const seconds = pcm.length / sampleRate;
  if (first < 0) return { speechStart: 0, speechEnd: seconds, pauses: [] };
  const pauses: Silence[] = [];
  for (let i = first; i <= last;) {
    if (voiced[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j <= last && !voiced[j]) j++;
    if ((j - i) * FRAME_SECONDS >= MIN_PAUSE_SECONDS)
      pauses.push({ start: i * FRAME_SECONDS, end: j * FRAME_SECONDS });
    i = j;
  }
  return {
    speechStart: first * FRAME_SECONDS,
    speechEnd: Math.min(seconds, (last + 1) * FRAME_SECONDS),
    pauses,
  };
}

/**
 * Matches pauses to the word gaps that can hold one (punctuation between the words), in order, so the
 * sum of distances between a pause and where the gap is expected is smallest. Returns, per pause, the
 * index of the word after it, or -1 when no gap fits (a pause the text does not mark).
 */
function matchPauses(gaps: { word: number; expected: number }[], pauses: Silence[]): number[] {
  const P = pauses.length;
  const G = gaps.length;
  // cost[p][g]: best cost of placing the first p pauses among the first g gaps (a pause may stay unmatched).
  const UNMATCHED = 0.6;
  const cost = Array.from({ length: P + 1 }, () => new Float64Array(G + 1).fill(Infinity));
  const move = Array.from({ length: P + 1 }, () => new Int8Array(G + 1));
  for (let g = 0; g <= G; g++) cost[0]![g] = 0;
  for (let p = 1; p <= P; p++) {
    const mid = (pauses[p - 1]!.start + pauses[p - 1]!.end) / 2;
    for (let g = 0; g <= G; g++) {
      let best = cost[p - 1]![g]! + UNMATCHED;
      let how = 0;
      if (g > 0 && cost[p]![g - 1]! < best) [best, how] = [cost[p]![g - 1]!, 1];
      if (g > 0) {
        const c = cost[p - 1]![g - 1]! + Math.abs(gaps[g - 1]!.expected - mid);
        if (c < best) [best, how] = [c, 2];
      }
      cost[p]![g] = best;
      move[p]![g] = how;
    }
  }
  const out = new Array<number>(P).fill(-1);
  for (let p = P, g = G; p > 0;) {
    const how = move[p]![g]!;
    if (how === 2) out[p - 1] = gaps[g - 1]!.word;
    if (how === 1) g--;
    else {
      if (how === 2) g--;
      p--;
    }
  }
  return out;
}

/**
 * Word events for `text` spoken in `pcm`, times offset by `timeOffset` and text offsets by
 * `textOffset` (where `text` sits in the engine request).
 */
export function estimateWordTimings(
  text: string,
  pcm: Int16Array,
  sampleRate: number,
  timeOffset = 0,
  textOffset = 0,
): TimingEvent[] {
  const words = wordsOf(text);
  if (!words.length || !pcm.length) return [];
  const { speechStart, speechEnd, pauses } = findSilences(pcm, sampleRate);
  const total = words.reduce((s, w) => s + w.weight, 0);
  const speaking = Math.max(1e-3, speechEnd - speechStart - pauses.reduce((s, p) => s + p.end - p.start, 0));
  // Where each gap with punctuation would fall if speech ran evenly by weight, pauses included.
  const gaps: { word: number; expected: number }[] = [];
  let before = 0;
  for (let k = 1; k < words.length; k++) {
    before += words[k - 1]!.weight;
    if (!BREAK.test(text.slice(words[k - 1]!.textEnd, words[k]!.textStart))) continue;
    const speech = (before / total) * speaking;
    const pausesBefore = pauses
      .filter((p) => p.start - speechStart < speech + 0.05)
      .reduce((s, p) => s + p.end - p.start, 0);
    gaps.push({ word: k, expected: speechStart + speech + pausesBefore });
  }
  const matched = matchPauses(gaps, pauses);
  // Stretches of speech with their words: boundaries at the matched pauses.
  const cuts = pauses.map((p, i) => ({ ...p, word: matched[i]! })).filter((c) => c.word >= 0);
  const events: TimingEvent[] = [];
  let from = speechStart;
  let firstWord = 0;
  for (const stretch of [...cuts, { start: speechEnd, end: speechEnd, word: words.length }]) {
    const group = words.slice(firstWord, stretch.word);
    const weight = group.reduce((s, w) => s + w.weight, 0);
    let t = from;
    for (const w of group) {
      const d = ((stretch.start - from) * w.weight) / weight;
      events.push({
        type: 'word',
        start: timeOffset + t,
        end: timeOffset + t + d,
        textStart: textOffset + w.textStart,
        textEnd: textOffset + w.textEnd,
        value: w.value,
      });
      t += d;
    }
    from = stretch.end;
    firstWord = stretch.word;
  }
  return events;
}
