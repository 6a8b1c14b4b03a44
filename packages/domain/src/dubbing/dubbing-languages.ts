/**
 * The spec's 29 dubbing languages (content-and-workspace.md: "Dubbing supports 29 languages") with the
 * `auto` Detect source option. Codes are ISO 639-1 (Filipino has none: ISO 639-2 `fil`).
 */
export const DUBBING_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'Hindi' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'zh', name: 'Chinese' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ar', name: 'Arabic' },
  { code: 'ru', name: 'Russian' },
  { code: 'ko', name: 'Korean' },
  { code: 'id', name: 'Indonesian' },
  { code: 'it', name: 'Italian' },
  { code: 'nl', name: 'Dutch' },
  { code: 'tr', name: 'Turkish' },
  { code: 'pl', name: 'Polish' },
  { code: 'sv', name: 'Swedish' },
  { code: 'fil', name: 'Filipino' },
  { code: 'ms', name: 'Malay' },
  { code: 'ro', name: 'Romanian' },
  { code: 'uk', name: 'Ukrainian' },
  { code: 'el', name: 'Greek' },
  { code: 'cs', name: 'Czech' },
  { code: 'da', name: 'Danish' },
  { code: 'fi', name: 'Finnish' },
  { code: 'bg', name: 'Bulgarian' },
  { code: 'hr', name: 'Croatian' },
  { code: 'sk', name: 'Slovak' },
  { code: 'ta', name: 'Tamil' },
] as const;

export type DubbingLanguage = (typeof DUBBING_LANGUAGES)[number]['code'];

/** The source options: `auto` (Detect) first, then the 29 languages. */
export const DUBBING_SOURCE_OPTIONS: { key: string; name: string }[] = [
  { key: 'auto', name: 'Detect' },
  ...DUBBING_LANGUAGES.map((l) => ({ key: l.code, name: l.name })),
];

/** ISO 639-3 / 639-2 spellings callers may send, to the codes above. */
const ALIASES: Record<string, string> = {
  eng: 'en',
  hin: 'hi',
  por: 'pt',
  zho: 'zh',
  chi: 'zh',
  cmn: 'zh',
  spa: 'es',
  fra: 'fr',
  fre: 'fr',
  deu: 'de',
  ger: 'de',
  jpn: 'ja',
  ara: 'ar',
  rus: 'ru',
  kor: 'ko',
  ind: 'id',
  ita: 'it',
  nld: 'nl',
  dut: 'nl',
  tur: 'tr',
  pol: 'pl',
  swe: 'sv',
  tl: 'fil',
  tgl: 'fil',
  msa: 'ms',
  may: 'ms',
  ron: 'ro',
  rum: 'ro',
  ukr: 'uk',
  ell: 'el',
  gre: 'el',
  ces: 'cs',
  cze: 'cs',
  dan: 'da',
  fin: 'fi',
  bul: 'bg',
  hrv: 'hr',
  slk: 'sk',
  slo: 'sk',
  tam: 'ta',
};

/** A dubbing language code for what the caller sent (`es`, `spa`, `es-MX` …), or null when not one of the 29. */
export function dubbingLanguage(input: string): DubbingLanguage | null {
  const raw = input.trim().toLowerCase();
  const base = raw.split(/[-_]/)[0]!;
  const code = ALIASES[base] ?? base;
  return (DUBBING_LANGUAGES.find((l) => l.code === code)?.code as DubbingLanguage | undefined) ?? null;
}

/** The English name of a dubbing language code. */
export const dubbingLanguageName = (code: string): string =>
  DUBBING_LANGUAGES.find((l) => l.code === code)?.name ?? code;
