import { describe, expect, it } from 'vitest';
import { parsePls, writePls } from './pls';

const PLS = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>tomato</grapheme><phoneme>/tə'meɪtoʊ/</phoneme></lexeme>
  <lexeme><grapheme>UN</grapheme><grapheme>U.N.</grapheme><alias>United Nations</alias></lexeme>
</lexicon>`;

describe('PLS files', () => {
  it('reads alias and phoneme lexemes', () => {
    expect(parsePls(PLS)).toEqual([
      { type: 'phoneme', string_to_replace: 'tomato', phoneme: "/tə'meɪtoʊ/", alphabet: 'ipa' },
      { type: 'alias', string_to_replace: 'UN', alias: 'United Nations' },
      { type: 'alias', string_to_replace: 'U.N.', alias: 'United Nations' },
    ]);
  });
  it('writes what it reads', () => {
    const rules = parsePls(PLS);
    expect(parsePls(writePls(rules))).toEqual(rules);
    expect(writePls(rules)).toContain('<alias>United Nations</alias>');
  });
  it('refuses a file that is not a lexicon', () => {
    expect(() => parsePls('<html></html>')).toThrow(/not a valid PLS lexicon/);
    expect(() => parsePls('not xml <<')).toThrow(/not a valid PLS lexicon/);
  });
});
