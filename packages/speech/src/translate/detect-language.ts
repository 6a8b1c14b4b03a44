/**
 * The language of a text (dubbing's `source_lang: auto` with a recogniser that cannot tell): franc-min's
 * trigram detector (82 languages), mapped to ISO 639-1. Short texts are unreliable, so under
 * `MIN_DETECT_CHARS` letters nothing is claimed.
 */
import { franc } from 'franc-min';

export const MIN_DETECT_CHARS = 20;

const ISO3_TO_1: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  por: 'pt',
  fra: 'fr',
  deu: 'de',
  ita: 'it',
  nld: 'nl',
  pol: 'pl',
  swe: 'sv',
  dan: 'da',
  fin: 'fi',
  ces: 'cs',
  slk: 'sk',
  hrv: 'hr',
  bul: 'bg',
  ron: 'ro',
  ukr: 'uk',
  rus: 'ru',
  ell: 'el',
  tur: 'tr',
  arb: 'ar',
  hin: 'hi',
  tam: 'ta',
  jpn: 'ja',
  kor: 'ko',
  cmn: 'zh',
  ind: 'id',
  zlm: 'ms',
  tgl: 'fil',
  cat: 'ca',
  glg: 'gl',
  hun: 'hu',
  nob: 'no',
  vie: 'vi',
};

/** ISO 639-1 (or `fil`) of the text's language, or null when it is too short or unknown. */
export function detectLanguage(text: string): string | null {
  if (text.replace(/[^\p{L}]/gu, '').length < MIN_DETECT_CHARS) return null;
  const code = franc(text, { minLength: MIN_DETECT_CHARS });
  return ISO3_TO_1[code] ?? null;
}
