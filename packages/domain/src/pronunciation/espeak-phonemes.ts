/**
 * Phoneme rules for eSpeak-NG (decision 210): eSpeak reads phoneme mnemonics written inside `[[ ]]` in its
 * text, so a phoneme rule's IPA or CMU Arpabet is rendered in eSpeak's English mnemonics and the matched word
 * is replaced by `[[…]]` just before the engine sees the sentence. A rule with a symbol outside the English
 * phone set is not rendered (the word is spoken as written), never spoken as a guess.
 */
import { rulePattern, type PhonemeRule, type Rule } from './pronunciation-rules';

/** IPA symbols (longest first when matching) and their eSpeak English mnemonics; '' drops the symbol. */
const IPA: Record<string, string> = {
  tʃ: 'tS',
  dʒ: 'dZ',
  aɪ: 'aI',
  aʊ: 'aU',
  eɪ: 'eI',
  oʊ: 'oU',
  əʊ: 'oU',
  ɔɪ: 'OI',
  ɪə: 'i@',
  eə: 'e@',
  ʊə: 'U@',
  ɑː: 'A:',
  iː: 'i:',
  uː: 'u:',
  ɔː: 'O:',
  ɜː: '3:',
  ɝ: '3:',
  ɚ: '3',
  ɑ: 'A:',
  æ: 'a',
  ʌ: 'V',
  ə: '@',
  ɔ: 'O:',
  ɛ: 'E',
  ɜ: '3:',
  ɪ: 'I',
  i: 'i:',
  ʊ: 'U',
  u: 'u:',
  e: 'e',
  o: 'o',
  ɒ: '0',
  a: 'a',
  ð: 'D',
  θ: 'T',
  ʃ: 'S',
  ʒ: 'Z',
  ŋ: 'N',
  ɹ: 'r',
  r: 'r',
  ɾ: 't',
  ɡ: 'g',
  g: 'g',
  ʔ: '?',
  ɫ: 'l',
  j: 'j',
  ˈ: "'",
  ˌ: ',',
  ː: ':',
  '.': '',
  ' ': ' ',
  ...Object.fromEntries([...'bdfhklmnpstvwz'].map((c) => [c, c])),
};
const IPA_KEYS = Object.keys(IPA).sort((a, b) => b.length - a.length);

/** CMU Arpabet phones (stress digits stripped) and their eSpeak English mnemonics. */
const ARPABET: Record<string, string> = {
  AA: 'A:',
  AE: 'a',
  AH: 'V',
  AO: 'O:',
  AW: 'aU',
  AY: 'aI',
  EH: 'E',
  ER: '3:',
  EY: 'eI',
  IH: 'I',
  IY: 'i:',
  OW: 'oU',
  OY: 'OI',
  UH: 'U',
  UW: 'u:',
  B: 'b',
  CH: 'tS',
  D: 'd',
  DH: 'D',
  F: 'f',
  G: 'g',
  HH: 'h',
  JH: 'dZ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'N',
  P: 'p',
  R: 'r',
  S: 's',
  SH: 'S',
  T: 't',
  TH: 'T',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'Z',
};

function fromIpa(ipa: string): string | null {
  let out = '';
  const s = ipa.normalize('NFC').replace(/^\/|\/$/g, '');
  for (let i = 0; i < s.length;) {
    const key = IPA_KEYS.find((k) => s.startsWith(k, i));
    if (!key) return null;
    out += IPA[key];
    i += key.length;
  }
  return out;
}

function fromArpabet(phones: string): string | null {
  let out = '';
  for (const token of phones.trim().toUpperCase().split(/\s+/)) {
    const m = /^([A-Z]+)([012])?$/.exec(token);
    const base = m && ARPABET[m[1]!];
    if (!base) return null;
    // Unstressed AH and ER are the reduced vowels schwa and r-coloured schwa.
    const reduced = m[2] === '0' && m[1] === 'AH' ? '@' : m[2] === '0' && m[1] === 'ER' ? '3' : base;
    out += (m[2] === '1' ? "'" : m[2] === '2' ? ',' : '') + reduced;
  }
  return out;
}

/** A phoneme rule's pronunciation in eSpeak English mnemonics, or null when it has a symbol eSpeak lacks. */
export function espeakPhonemes(rule: Pick<PhonemeRule, 'phoneme' | 'alphabet'>): string | null {
  const alphabet = rule.alphabet.toLowerCase();
  const out =
    alphabet === 'ipa'
      ? fromIpa(rule.phoneme)
      : alphabet.includes('arpabet') || alphabet.includes('cmu')
        ? fromArpabet(rule.phoneme)
        : null;
  return out && /[^\s',:]/.test(out) ? out.trim() : null;
}

/** A phoneme rule ready for eSpeak: what it matches and the mnemonics that replace it. Plain data. */
export type EspeakPhonemeRule = Pick<
  PhonemeRule,
  'string_to_replace' | 'case_sensitive' | 'word_boundaries'
> & { espeak: string };

/** The phoneme rules of the dictionaries, in order, that eSpeak can speak (the first rule for a string wins). */
export function espeakRules(dictionaries: Rule[][]): EspeakPhonemeRule[] {
  const out: EspeakPhonemeRule[] = [];
  const seen = new Set<string>();
  for (const rules of dictionaries)
    for (const r of rules) {
      if (r.type !== 'phoneme' || !r.string_to_replace || seen.has(r.string_to_replace)) continue;
      const espeak = espeakPhonemes(r);
      if (!espeak) continue;
      seen.add(r.string_to_replace);
      out.push({
        string_to_replace: r.string_to_replace,
        case_sensitive: r.case_sensitive,
        word_boundaries: r.word_boundaries,
        espeak,
      });
    }
  return out.sort((a, b) => b.string_to_replace.length - a.string_to_replace.length);
}

/** Replaces each matched word with `[[mnemonics]]` (eSpeak's phoneme input); longer strings first. */
export function applyEspeakPhonemes(text: string, rules: EspeakPhonemeRule[]): string {
  if (!rules.length) return text;
  // One pass over all patterns, so a replacement is never matched again by a later rule.
  const patterns = rules.map((r) =>
    rulePattern({
      type: 'alias',
      alias: '',
      string_to_replace: r.string_to_replace,
      case_sensitive: r.case_sensitive,
      word_boundaries: r.word_boundaries,
    }),
  );
  const found: { start: number; end: number; espeak: string }[] = [];
  patterns.forEach((p, k) => {
    for (const m of text.matchAll(p)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!found.some((f) => start < f.end && end > f.start))
        found.push({ start, end, espeak: rules[k]!.espeak });
    }
  });
  let out = '';
  let at = 0;
  for (const f of found.sort((a, b) => a.start - b.start)) {
    out += `${text.slice(at, f.start)}[[${f.espeak}]]`;
    at = f.end;
  }
  return out + text.slice(at);
}
