/**
 * Character alignment in the ElevenLabs shape, derived from engine timing events: word times are
 * spread evenly over the word's characters, and characters between words (spaces, punctuation, pauses,
 * stripped markup) share the gap between them, so every character is covered and times never go back.
 */
import type { TimingEvent } from './engine';

/** The ElevenLabs alignment object: three arrays of equal length, one entry per character. */
export interface Alignment {
  characters: string[];
  character_start_times_seconds: number[];
  character_end_times_seconds: number[];
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/**
 * Builds the alignment of `text` from events whose offsets index `text`; `from`/`to` are the times
 * of the start and end of this text's audio (leading and trailing characters fall there).
 */
export function buildAlignment(text: string, events: TimingEvent[], from: number, to: number): Alignment {
  const n = text.length;
  const start = new Float64Array(n).fill(NaN);
  const end = new Float64Array(n).fill(NaN);
  const words = events
    .filter((e) => e.type === 'word' && e.textEnd > e.textStart)
    .sort((a, b) => a.textStart - b.textStart || a.start - b.start);
  for (const w of words) {
    const s = Math.max(0, w.textStart);
    const e = Math.min(n, w.textEnd);
    const step = (w.end - w.start) / Math.max(1, e - s);
    for (let i = s; i < e; i++) {
      // The first event for a character wins (eSpeak can report one emoji as several words).
      if (!Number.isNaN(start[i]!)) continue;
      start[i] = w.start + step * (i - s);
      end[i] = w.start + step * (i - s + 1);
    }
  }
  // Characters no word covers share the gap between their neighbours.
  for (let i = 0; i < n;) {
    if (!Number.isNaN(start[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && Number.isNaN(start[j]!)) j++;
    const gapFrom = i > 0 ? end[i - 1]! : from;
    const gapTo = j < n ? start[j]! : to;
    const step = Math.max(0, gapTo - gapFrom) / (j - i);
    for (let k = i; k < j; k++) {
      start[k] = gapFrom + step * (k - i);
      end[k] = gapFrom + step * (k - i + 1);
    }
    i = j;
  }
  const out: Alignment = {
    characters: [],
    character_start_times_seconds: [],
    character_end_times_seconds: [],
  };
  let lastStart = from;
  let lastEnd = from;
  for (let i = 0; i < n; i++) {
    // A surrogate pair is one character: it keeps the pair's first start and last end.
    const pair = /[\uD800-\uDBFF]/.test(text[i]!) && /[\uDC00-\uDFFF]/.test(text[i + 1] ?? '');
    const s = Math.max(start[i]!, lastStart);
    const e = Math.max(end[pair ? i + 1 : i]!, s, lastEnd);
    out.characters.push(pair ? text.slice(i, i + 2) : text[i]!);
    out.character_start_times_seconds.push(round(s));
    out.character_end_times_seconds.push(round(e));
    lastStart = s;
    lastEnd = e;
    if (pair) i++;
  }
  return out;
}

/** Appends alignment `b` to `a` (for joining sentences). */
export function concatAlignments(a: Alignment, b: Alignment): Alignment {
  return {
    characters: [...a.characters, ...b.characters],
    character_start_times_seconds: [...a.character_start_times_seconds, ...b.character_start_times_seconds],
    character_end_times_seconds: [...a.character_end_times_seconds, ...b.character_end_times_seconds],
  };
}
