/**
 * The SSML subset users send: `<break time="1.5s"/>` becomes a pause (at most 3 s, as ElevenLabs caps
 * it); other known SSML tags are dropped and their text kept; entities are decoded. Anything else that
 * merely looks like markup ("a <b and c> d") stays literal text, because users type angle brackets.
 * The result carries an offset map back to the input, like normalisation does.
 */
import type { NormalizedText } from './normalize';

/** A pause to insert before clean-text offset `at`. */
export interface SsmlPause {
  at: number;
  seconds: number;
}

/** Text with markup removed, its map back to the input, and the pauses found. */
export interface SsmlResult extends NormalizedText {
  pauses: SsmlPause[];
}

/** Longest pause a single break may ask for. */
export const MAX_BREAK_SECONDS = 3;
const DEFAULT_BREAK_SECONDS = 0.5;
const STRENGTH: Record<string, number> = {
  none: 0,
  'x-weak': 0.1,
  weak: 0.25,
  medium: 0.5,
  strong: 0.75,
  'x-strong': 1,
};

const TAGS = 'speak|break|prosody|emphasis|say-as|sub|phoneme|voice|lang|p|s|w|mark|audio|amazon:[a-z-]+';
const TAG_RE = new RegExp(`<\\/?(?:${TAGS})(?:\\s[^<>]*)?\\/?>`, 'gi');
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const ENTITY_RE = /&(amp|lt|gt|quot|apos|nbsp|#\d{1,6}|#x[0-9a-f]{1,6});/gi;

/** Seconds asked for by a break tag's `time` or `strength` attribute, capped at 3 s. */
export function breakSeconds(tag: string): number {
  const time = /\btime\s*=\s*["']?\s*([\d.]+)\s*(ms|s)?\s*["']?/i.exec(tag);
  let seconds = DEFAULT_BREAK_SECONDS;
  if (time) seconds = Number(time[1]) / (time[2]?.toLowerCase() === 'ms' ? 1000 : 1);
  else {
    const strength = /\bstrength\s*=\s*["']?([a-z-]+)/i.exec(tag);
    if (strength) seconds = STRENGTH[strength[1]!.toLowerCase()] ?? DEFAULT_BREAK_SECONDS;
  }
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_BREAK_SECONDS) : DEFAULT_BREAK_SECONDS;
}

function entity(name: string): string {
  if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? `&${name};`;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** Parses breaks, drops SSML tags and decodes entities, keeping a map to the input offsets. */
export function parseSsml(input: string): SsmlResult {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const pauses: SsmlPause[] = [];
  const emit = (s: string, start: number, end: number) => {
    for (let k = 0; k < s.length; k++) {
      text += s[k];
      starts.push(start);
      ends.push(end);
    }
  };
  const marks: { start: number; end: number; kind: 'tag' | 'entity'; raw: string }[] = [];
  for (const m of input.matchAll(TAG_RE))
    marks.push({ start: m.index, end: m.index + m[0].length, kind: 'tag', raw: m[0] });
  for (const m of input.matchAll(ENTITY_RE))
    marks.push({ start: m.index, end: m.index + m[0].length, kind: 'entity', raw: m[1]! });
  marks.sort((a, b) => a.start - b.start);

  let pos = 0;
  for (const mark of marks) {
    if (mark.start < pos) continue;
    for (; pos < mark.start; pos++) emit(input[pos]!, pos, pos + 1);
    if (mark.kind === 'entity') emit(entity(mark.raw), mark.start, mark.end);
    else if (/^<break\b/i.test(mark.raw)) {
      const seconds = breakSeconds(mark.raw);
      if (seconds > 0) pauses.push({ at: text.length, seconds });
    }
    pos = mark.end;
  }
  for (; pos < input.length; pos++) emit(input[pos]!, pos, pos + 1);
  return { text, origStart: Int32Array.from(starts), origEnd: Int32Array.from(ends), pauses };
}
