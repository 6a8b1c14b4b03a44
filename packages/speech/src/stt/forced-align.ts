/**
 * Forced alignment on top of recognition: the recogniser's timed words are matched to the given text's words
 * (edit-distance alignment on normalised spellings); matched words take the recognised times, the words in
 * between share the time between their matched neighbours in proportion to their length. Each word's loss
 * is -ln(confidence) when matched and INTERPOLATED_LOSS when its time was shared out.
 */
import type { RecognisedWord } from './stt-engine';

export const INTERPOLATED_LOSS = 2;

export interface AlignedWord {
  text: string;
  start: number;
  end: number;
  loss: number;
  /** Whether the recogniser heard this word (false: its time was shared out between heard neighbours). */
  heard: boolean;
}
export interface AlignedCharacter {
  text: string;
  start: number;
  end: number;
}
export interface Alignment {
  words: AlignedWord[];
  characters: AlignedCharacter[];
  loss: number;
}

/** A word's spelling for matching: lower case, letters, digits and apostrophes only. */
export const normaliseWord = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/** Index pairs (text word, recognised word) of an edit-distance alignment of the two sequences. */
export function matchWords(text: string[], heard: string[]): [number, number][] {
  const n = text.length;
  const m = heard.length;
  const d = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (text[i - 1] === heard[j - 1] ? 0 : 1),
      );
  const pairs: [number, number][] = [];
  for (let i = n, j = m; i > 0 && j > 0;) {
    if (text[i - 1] === heard[j - 1] && d[i]![j] === d[i - 1]![j - 1]) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j - 1]! + 1) {
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  return pairs.reverse();
}

/** Aligns `text` to audio of `duration` seconds given what the recogniser heard in it. */
export function alignText(text: string, heard: RecognisedWord[], duration: number): Alignment {
  const tokens = [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], at: m.index }));
  const keep = tokens.filter((t) => normaliseWord(t.text));
  const pairs = matchWords(
    keep.map((t) => normaliseWord(t.text)),
    heard.map((h) => normaliseWord(h.text)),
  );
  const times: ({ start: number; end: number; loss: number } | null)[] = keep.map(() => null);
  for (const [i, j] of pairs) {
    const h = heard[j]!;
    times[i] = { start: h.start, end: h.end, loss: -Math.log(Math.max(1e-3, h.confidence)) };
  }
  // Runs of unmatched words share the time between the matched neighbours, by length.
  for (let i = 0; i < keep.length;) {
    if (times[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < keep.length && !times[j]) j++;
    const from = i > 0 ? times[i - 1]!.end : 0;
    const to = j < keep.length ? times[j]!.start : duration;
    const lengths = keep.slice(i, j).map((t) => t.text.length);
    const total = lengths.reduce((s, l) => s + l, 0);
    let at = from;
    for (let k = i; k < j; k++) {
      const span = ((to - from) * lengths[k - i]!) / total;
      times[k] = { start: at, end: at + span, loss: INTERPOLATED_LOSS };
      at += span;
    }
    i = j;
  }
  const words: AlignedWord[] = keep.map((t, i) => ({
    text: t.text,
    start: round(times[i]!.start),
    end: round(times[i]!.end),
    loss: round(times[i]!.loss),
    heard: times[i]!.loss !== INTERPOLATED_LOSS,
  }));
  const characters: AlignedCharacter[] = [];
  const charLoss: number[] = [];
  keep.forEach((t, i) => {
    const w = words[i]!;
    const chars = [...t.text];
    const step = (w.end - w.start) / chars.length;
    chars.forEach((c, k) => {
      characters.push({ text: c, start: round(w.start + k * step), end: round(w.start + (k + 1) * step) });
      charLoss.push(w.loss);
    });
    const next = words[i + 1];
    if (next) characters.push({ text: ' ', start: w.end, end: Math.max(w.end, next.start) });
  });
  const loss = charLoss.length ? round(charLoss.reduce((s, l) => s + l, 0) / charLoss.length) : 0;
  return { words, characters, loss };
}

const round = (v: number) => Math.round(v * 1000) / 1000;
