/**
 * Speech to text behind one small interface: the built-in PocketSphinx recogniser (US English) and an
 * adapter for OpenAI-compatible transcription servers (faster-whisper servers, Speaches, LocalAI …).
 */

/** One recognised word with its time span (seconds) and the engine's confidence (0-1). */
export interface RecognisedWord {
  text: string;
  start: number;
  end: number;
  confidence: number;
}

/** What an engine heard: the words in order and the language it heard them in (ISO 639-1). */
export interface Recognition {
  words: RecognisedWord[];
  language: string;
  /** How sure the engine is of the language (1 when the caller named it and the engine only does that one). */
  languageProbability: number;
}

export interface TranscribeOptions {
  /** ISO 639-1 code ("en"); undefined lets the engine detect it. */
  language?: string;
  signal?: AbortSignal;
}

export interface SpeechToTextEngine {
  readonly id: string;
  /** What the engine is, said truthfully to users. */
  readonly description: string;
  /** The ISO 639-1 languages it can transcribe, or 'any' when the server detects and handles many. */
  readonly languages: readonly string[] | 'any';
  /** Transcribes mono 16-bit PCM at `sampleRate`. */
  transcribe(pcm: Int16Array, sampleRate: number, options: TranscribeOptions): Promise<Recognition>;
}

/** ISO 639-3 codes of the languages we name, for the ElevenLabs-style `language_code` ("eng"). */
const ISO3: Record<string, string> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
  pl: 'pol',
  ru: 'rus',
  uk: 'ukr',
  ja: 'jpn',
  zh: 'zho',
  ko: 'kor',
  ar: 'ara',
  hi: 'hin',
  tr: 'tur',
  sv: 'swe',
  da: 'dan',
  fi: 'fin',
  no: 'nor',
  cs: 'ces',
  el: 'ell',
  he: 'heb',
  hu: 'hun',
  ro: 'ron',
  ca: 'cat',
  cy: 'cym',
};
const ISO1 = Object.fromEntries(Object.entries(ISO3).map(([k, v]) => [v, k]));
/** Whisper-style servers often answer the language as an English name. */
const NAMES: Record<string, string> = {
  english: 'en',
  german: 'de',
  french: 'fr',
  spanish: 'es',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  polish: 'pl',
  russian: 'ru',
  ukrainian: 'uk',
  japanese: 'ja',
  chinese: 'zh',
  korean: 'ko',
  arabic: 'ar',
};

/** A language code as ISO 639-1 ("eng", "en-US", "English" → "en"); null when it is no language code. */
export function toIso1(code: string): string | null {
  const c = code.trim().toLowerCase();
  if (NAMES[c]) return NAMES[c];
  const base = c.split(/[-_]/)[0] ?? '';
  if (/^[a-z]{2}$/.test(base)) return base;
  if (/^[a-z]{3}$/.test(base)) return ISO1[base] ?? base;
  return null;
}

/** ISO 639-3 for the response's language_code (the 639-1 code itself when we do not know the other). */
export function toIso3(iso1: string): string {
  return ISO3[iso1] ?? iso1;
}

/** Whether the engine can transcribe the language (undefined: detection, which every engine offers). */
export function engineSupports(engine: SpeechToTextEngine, language: string | undefined): boolean {
  if (language === undefined || engine.languages === 'any') return true;
  return engine.languages.includes(language);
}
