import { describe, expect, it } from 'vitest';
import { hiddenCharacterIn, hiddenCharacterMessage } from './visible-name';

describe('hiddenCharacterIn (names that look like what they are)', () => {
  it.each([
    ['CI deploy key', null],
    ['Clé de production', null],
    ['מפתח ראשי', null], // Hebrew
    ['کلید\u200Cاصلی', null], // Persian with a zero width non-joiner
    ['family 👨\u200D👩\u200D👧', null], // emoji ZWJ sequence
    ['name\u200Fרשימה', null], // right-to-left mark
    ['invoice\u202Efdp.exe', 'U+202E'], // right-to-left override
    ['a\u202Ab', 'U+202A'],
    ['a\u202Bb', 'U+202B'],
    ['a\u202Cb', 'U+202C'],
    ['a\u202Db', 'U+202D'],
    ['a\u2066b', 'U+2066'],
    ['a\u2067b', 'U+2067'],
    ['a\u2068b', 'U+2068'],
    ['a\u2069b', 'U+2069'],
    ['zero\u200Bwidth', 'U+200B'],
    ['word\u2060joiner', 'U+2060'],
    ['\uFEFFbom', 'U+FEFF'],
    ['line\u2028separator', 'U+2028'],
    ['soft\u00ADhyphen', 'U+00AD'],
    ['hangul\u3164filler', 'U+3164'],
    ['tab\there', 'U+0009'],
    ['new\nline', 'U+000A'],
    ['nul\u0000', 'U+0000'],
    ['del\u007F', 'U+007F'],
    ['c1\u0085', 'U+0085'],
    ['first \u202E then \u2066', 'U+202E'],
  ])('%j -> %s', (name, found) => {
    expect(hiddenCharacterIn(name)).toBe(found);
  });

  it('names the character in the message', () => {
    expect(hiddenCharacterMessage('U+202E')).toBe(
      'Names cannot contain invisible, control or text-direction characters (found U+202E).',
    );
  });
});
