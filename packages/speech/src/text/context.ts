/**
 * The neighbouring text of a request (ElevenLabs `previous_text` / `next_text`), cut to the few words
 * next to the boundary: enough for an engine to phrase the boundary as it would inside one reading
 * (no final fall before a continuation, the right pause), little enough to cost almost nothing.
 */
import { segmentSentences } from './segment';

/** Most words of context taken from either side. */
export const CONTEXT_WORDS = 6;

const hasWords = (t: string) => /[\p{L}\p{N}]/u.test(t);

/** The last words of `previous` (from its last sentence), or '' when there are none. */
export function previousContext(previous: string | null | undefined, locale = 'en'): string {
  if (!previous || !hasWords(previous)) return '';
  const sentences = segmentSentences(previous.trimEnd(), locale).filter((s) => hasWords(s.text));
  const words = (sentences.at(-1)?.text ?? '').trim().split(/\s+/);
  return words.slice(-CONTEXT_WORDS).join(' ');
}

/** The first words of `next` (up to the end of its first sentence), or '' when there are none. */
export function nextContext(next: string | null | undefined, locale = 'en'): string {
  if (!next || !hasWords(next)) return '';
  const first = segmentSentences(next.trimStart(), locale).find((s) => hasWords(s.text));
  const words = (first?.text ?? '').trim().split(/\s+/);
  return words.slice(0, CONTEXT_WORDS).join(' ');
}
