/**
 * Names shown to people (API keys, voices) must look like what they are (issue 9). Bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder what follows them, so
 * "invoice‮fdp.exe" shows as "invoiceexe.pdf"; invisible characters make two different names look alike;
 * control characters have no place in a one-line name. Joiners (U+200C, U+200D: emoji sequences, Persian and
 * Indic scripts) and the plain direction marks (U+200E, U+200F, U+061C: right-to-left names) are allowed,
 * since real names need them and they do not reorder anything.
 */
const FORBIDDEN = new RegExp(
  [
    '\\p{Cc}', // C0 and C1 controls, DEL (tabs and line breaks too: a name is one line)
    '[\\u202A-\\u202E]', // bidi embeddings and overrides
    '[\\u2066-\\u2069]', // bidi isolates
    '\\u200B', // zero width space
    '[\\u2060-\\u2064]', // word joiner and invisible operators
    '\\uFEFF', // zero width no-break space (byte order mark)
    '[\\u2028\\u2029]', // line and paragraph separators
    '[\\uFFF9-\\uFFFB]', // interlinear annotation controls
    '\\u00AD', // soft hyphen
    '\\u034F', // combining grapheme joiner
    '[\\u180E\\u115F\\u1160\\u3164\\uFFA0]', // other characters that render as nothing
  ].join('|'),
  'u',
);

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character a visible name must not contain, as `U+XXXX`, or null when there is none. */
export function hiddenCharacterIn(name: string): string | null {
  const match = FORBIDDEN.exec(name);
  return match ? hex(match[0].codePointAt(0)!) : null;
}

/** The message for a name holding such a character (a 422 validation message). */
export const hiddenCharacterMessage = (codePoint: string): string =>
  `Names cannot contain invisible, control or text-direction characters (found ${codePoint}).`;
