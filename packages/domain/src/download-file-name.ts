/**
 * Download file names (content-and-workspace.md §5): "Download file names strip illegal characters,
 * collapse spaces to underscores and are truncated to 255 characters (20 for short names). The pattern
 * includes timestamp, voice name, category suffix (generated, professional, premade, cloned), voice
 * settings and model code; an ISBN-based name is used when an ISBN exists. Formats are mp3, wav and zip."
 */

/** Longest file name, in characters (Unicode code points), extension included. */
export const MAX_FILE_NAME_LENGTH = 255;

/** Longest short file name, in characters, extension included. */
export const SHORT_FILE_NAME_LENGTH = 20;

/** Prefix of every history download name. */
export const FILE_NAME_PREFIX = 'Vocalis';

/** Formats a history download comes in. */
export type DownloadFormat = 'mp3' | 'wav' | 'zip';

/** Voice categories with a fixed suffix; other categories are used as they are, sanitised. */
export const CATEGORY_SUFFIXES: Readonly<Record<string, string>> = {
  generated: 'gen',
  professional: 'pvc',
  premade: 'pre',
  cloned: 'ivc',
};

/** Short model codes; an id not listed here is used as it is, sanitised. */
export const MODEL_CODES: Readonly<Record<string, string>> = {
  eleven_multilingual_v2: 'm2',
  eleven_multilingual_v1: 'm1',
  eleven_turbo_v2_5: 't2_5',
  eleven_turbo_v2: 't2',
  eleven_flash_v2_5: 'f2_5',
  eleven_flash_v2: 'f2',
  eleven_monolingual_v1: 'e1',
  eleven_v3: 'v3',
};

// Windows-illegal characters plus C0/C1 control characters.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ILLEGAL = /[\\/:*?"<>|\u0000-\u001F\u007F-\u009F]/g;
const FALLBACK_NAME = 'download';

/** Cuts `name` to `max` code points, keeping a short extension (up to 10 characters after the last dot). */
function truncateKeepingExtension(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  const extChars = Array.from(extension);
  if (extChars.length < 2 || extChars.length > 11 || extChars.length >= max)
    return chars.slice(0, max).join('');
  const stem = Array.from(name.slice(0, dot));
  return stem.slice(0, max - extChars.length).join('') + extension;
}

/**
 * A file name safe on common file systems: removes `\ / : * ? " < > |` and control characters, trims,
 * turns each whitespace run into one `_`, then truncates to `maxLength` code points keeping the
 * extension. A name with nothing left becomes 'download'.
 */
export function sanitizeFileName(name: string, maxLength = MAX_FILE_NAME_LENGTH): string {
  const cleaned = cleanPart(name);
  return truncateKeepingExtension(cleaned === '' ? FALLBACK_NAME : cleaned, maxLength);
}

/** One part of a name: illegal characters removed, trimmed, whitespace runs turned into `_`. */
function cleanPart(value: string): string {
  return value.replace(ILLEGAL, '').trim().replace(/\s+/g, '_');
}

/** `sanitizeFileName` with the spec's 20-character limit for short names. */
export function shortFileName(name: string): string {
  return sanitizeFileName(name, SHORT_FILE_NAME_LENGTH);
}

/** The short code of a model id: see `MODEL_CODES`; unknown ids are sanitised as they are. */
export function modelCode(modelId: string): string {
  return MODEL_CODES[modelId] ?? cleanPart(modelId);
}

/** Voice settings as stored on a history item, each 0–1. */
export type VoiceSettingsForName = {
  stability: number;
  similarity_boost: number;
  style?: number | null;
  use_speaker_boost?: boolean | null;
};

/** Input of `historyDownloadFileName`, fields as on a history item. */
export type HistoryFileNameInput = {
  dateUnix: number;
  voiceName: string;
  voiceCategory?: string | null;
  settings?: VoiceSettingsForName | null;
  modelId: string;
  format: DownloadFormat;
};

const percent = (value: number) => String(Math.min(100, Math.max(0, Math.round(value * 100))));

/**
 * The history download name:
 * `Vocalis_{YYYY-MM-DDTHH_mm_ss}_{voice}_{category}_s{stability}_sb{similarity}_se{style}_b_{model}.{format}`,
 * e.g. `Vocalis_2024-01-31T12_00_00_Rachel_pre_s50_sb75_se0_b_m2.mp3`. The timestamp is `dateUnix`
 * (seconds) in UTC; settings are whole percentages clamped to 0–100; `se` appears only when style is set,
 * `_b` only when speaker boost is on; without settings the whole settings part is left out, as is the
 * category when there is none. Category suffixes: generated gen, professional pvc, premade pre, cloned
 * ivc. Model codes: see `MODEL_CODES`. Parts are sanitised; empty ones are left out. A voice name too
 * long for 255 characters is shortened so the rest of the pattern survives. Throws a RangeError when
 * `dateUnix` is not a valid time.
 */
export function historyDownloadFileName(input: HistoryFileNameInput): string {
  const timestamp = new Date(input.dateUnix * 1000).toISOString().slice(0, 19).replaceAll(':', '_');
  const tail: string[] = [];
  if (input.voiceCategory)
    tail.push(CATEGORY_SUFFIXES[input.voiceCategory] ?? cleanPart(input.voiceCategory));
  const { settings } = input;
  if (settings) {
    tail.push(`s${percent(settings.stability)}`, `sb${percent(settings.similarity_boost)}`);
    if (settings.style !== undefined && settings.style !== null) tail.push(`se${percent(settings.style)}`);
    if (settings.use_speaker_boost) tail.push('b');
  }
  tail.push(modelCode(input.modelId));
  const join = (voice: string) =>
    [FILE_NAME_PREFIX, timestamp, voice, ...tail].filter(Boolean).join('_') + `.${input.format}`;
  // A long voice name gives way first, so the timestamp, settings and model code survive truncation.
  const voice = Array.from(cleanPart(input.voiceName));
  const room = MAX_FILE_NAME_LENGTH - Array.from(join('')).length - 1;
  return sanitizeFileName(join(voice.slice(0, Math.max(0, room)).join('')));
}

/** An ISBN reduced to its digits (and a final X of an ISBN-10), or null when it is not 10 or 13 long. */
export function normalizeIsbn(isbn: string): string | null {
  const compact = isbn.replace(/[\s-]/g, '').toUpperCase();
  return /^(\d{9}[\dX]|\d{13})$/.test(compact) ? compact : null;
}

/**
 * The name used when a project has an ISBN: `{isbn}.{format}` or `{isbn}_{title}.{format}`, the ISBN
 * without hyphens or spaces. Returns null when `isbn` is not a 10- or 13-character ISBN, so the caller
 * falls back to another name.
 */
export function isbnFileName(
  isbn: string,
  title: string | null | undefined,
  format: DownloadFormat,
): string | null {
  const normalized = normalizeIsbn(isbn);
  if (normalized === null) return null;
  const cleanTitle = title ? cleanPart(title) : '';
  return sanitizeFileName(cleanTitle ? `${normalized}_${cleanTitle}.${format}` : `${normalized}.${format}`);
}
