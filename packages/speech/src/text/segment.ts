/**
 * Sentence segmentation. `Intl.Segmenter` does the heavy lifting (quotes, decimals, closing
 * punctuation); the rules below undo its breaks after abbreviations, initials and ellipses that do not
 * end a sentence. Segments are plain slices: joined in order they give back the input exactly.
 */

/** A slice of the input: `text === input.slice(start, end)`. */
export interface Segment {
  text: string;
  start: number;
  end: number;
}

// Titles and Latin shorthands that are practically never the last word of a sentence.
const NEVER_FINAL = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'st',
  'prof',
  'sr',
  'jr',
  'mt',
  'vs',
  'e.g',
  'i.e',
  'cf',
  'no',
  'fig',
  'approx',
  'gen',
  'col',
  'capt',
  'sgt',
  'rev',
  'hon',
  'gov',
  'sen',
  'rep',
]);
// These may end a sentence; they only join the next segment when it does not start a new sentence.
const MAYBE_FINAL = new Set([
  'etc',
  'u.s',
  'u.k',
  'inc',
  'ltd',
  'co',
  'corp',
  'a.m',
  'p.m',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(locale: string): Intl.Segmenter {
  let s = segmenters.get(locale);
  if (!s) segmenters.set(locale, (s = new Intl.Segmenter(locale, { granularity: 'sentence' })));
  return s;
}

/** The word before the final period of `text` (lower-cased, inner periods kept: "e.g", "u.s"). */
function lastToken(text: string): string | null {
  const m = /(?:^|[\s("'“‘])((?:[A-Za-z]{1,2}\.)*[A-Za-z]+)\.["'”’)]*\s*$/.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

function shouldJoin(prev: string, next: string): boolean {
  const head = next.trimStart();
  if (!head) return true;
  // A sentence never starts with a lowercase letter, a digit or closing punctuation.
  if (/^[\p{Ll}\d,;:)\]}]/u.test(head)) return true;
  if (/\.\.\.\s*$|…\s*$/.test(prev)) return false;
  const token = lastToken(prev);
  if (!token) return false;
  if (NEVER_FINAL.has(token)) return true;
  // A single capital letter is an initial ("John F. Kennedy").
  if (/^[a-z]$/.test(token) && /[A-Z]\.\s*$/.test(prev)) return true;
  return MAYBE_FINAL.has(token) && /^[\p{Ll}\d]/u.test(head);
}

/** Splits text into sentences that survive abbreviations, decimals, quotes and ellipses. */
export function segmentSentences(text: string, locale = 'en'): Segment[] {
  const out: Segment[] = [];
  for (const { segment, index } of segmenter(locale).segment(text)) {
    const prev = out.at(-1);
    if (prev && (shouldJoin(prev.text, segment) || !segment.trim())) {
      prev.text += segment;
      prev.end = index + segment.length;
    } else {
      out.push({ text: segment, start: index, end: index + segment.length });
    }
  }
  return out;
}

/**
 * Splits one segment further so no piece exceeds `max` characters: at the last comma, semicolon or
 * colon before the limit, else the last space, else hard at the limit. Offsets stay exact.
 */
export function splitLong(segment: Segment, max: number): Segment[] {
  const out: Segment[] = [];
  let { start } = segment;
  const { end } = segment;
  const full = segment.text;
  const base = segment.start;
  while (end - start > max) {
    const window = full.slice(start - base, start - base + max);
    let cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
    if (cut > max / 4) cut += 2;
    else {
      cut = window.lastIndexOf(' ');
      cut = cut > max / 4 ? cut + 1 : max;
    }
    // Never cut a surrogate pair in half.
    if (/[\uD800-\uDBFF]/.test(window[cut - 1] ?? '')) cut -= 1;
    out.push({ text: full.slice(start - base, start - base + cut), start, end: start + cut });
    start += cut;
  }
  out.push({ text: full.slice(start - base), start, end });
  return out;
}
