/**
 * English text normalisation (numbers, currencies, dates, times, ordinals, percentages and common
 * abbreviations) that keeps an offset map, so timings measured on the normalised text can be reported
 * against the original text (`alignment`) as well as the normalised one (`normalized_alignment`).
 */
import { RULES } from './normalize-rules';

/** Normalised text plus, for each of its UTF-16 units, the original span it came from. */
export interface NormalizedText {
  text: string;
  /** `origStart[i]`/`origEnd[i]`: the original `[start, end)` that produced normalised unit `i`. */
  origStart: Int32Array;
  origEnd: Int32Array;
}

interface Replacement {
  start: number;
  end: number;
  words: string;
}

/** Identity normalisation: every unit maps to itself (used when apply_text_normalization is off). */
export function identityNormalized(text: string): NormalizedText {
  const origStart = new Int32Array(text.length);
  const origEnd = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) {
    origStart[i] = i;
    origEnd[i] = i + 1;
  }
  return { text, origStart, origEnd };
}

/** Normalises English text for speech and returns the offset map back to the input. */
export function normalizeText(input: string): NormalizedText {
  const taken: Replacement[] = [];
  const overlaps = (s: number, e: number) => taken.some((r) => s < r.end && e > r.start);
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(input); m; m = rule.pattern.exec(input)) {
      const start = m.index;
      const end = start + m[0].length;
      if (end === start || overlaps(start, end)) continue;
      const words = rule.speak(m, input);
      if (words !== null) taken.push({ start, end, words });
    }
  }
  taken.sort((a, b) => a.start - b.start);

  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let pos = 0;
  const copy = (until: number) => {
    for (; pos < until; pos++) {
      text += input[pos];
      starts.push(pos);
      ends.push(pos + 1);
    }
  };
  for (const r of taken) {
    copy(r.start);
    // Words glued to letters ("5km") still need a space to stay separate words for the engine.
    const before = text && /[\p{L}\p{N}]$/u.test(text) ? ' ' : '';
    const after = /^[\p{L}\p{N}]/u.test(input.slice(r.end, r.end + 1)) ? ' ' : '';
    for (const ch of before + r.words + after) {
      for (let k = 0; k < ch.length; k++) {
        text += ch[k];
        starts.push(r.start);
        ends.push(r.end);
      }
    }
    pos = r.end;
  }
  copy(input.length);
  return { text, origStart: Int32Array.from(starts), origEnd: Int32Array.from(ends) };
}

/** Maps a normalised span `[start, end)` to the original span it came from. */
export function toOriginalSpan(n: NormalizedText, start: number, end: number): [number, number] {
  if (n.text.length === 0) return [0, 0];
  if (end <= start) {
    // An empty span (a pause) sits where its neighbour starts.
    const at = Math.min(start, n.text.length - 1);
    const o = start >= n.text.length ? n.origEnd[at]! : n.origStart[at]!;
    return [o, o];
  }
  let s = Infinity;
  let e = -Infinity;
  for (let i = Math.max(0, start); i < Math.min(end, n.text.length); i++) {
    s = Math.min(s, n.origStart[i]!);
    e = Math.max(e, n.origEnd[i]!);
  }
  return Number.isFinite(s) ? [s, e] : [0, 0];
}
