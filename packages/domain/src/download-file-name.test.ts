import { describe, expect, it } from 'vitest';
import {
  historyDownloadFileName,
  isbnFileName,
  MAX_FILE_NAME_LENGTH,
  modelCode,
  normalizeIsbn,
  sanitizeFileName,
  shortFileName,
  SHORT_FILE_NAME_LENGTH,
} from './download-file-name';
import type { HistoryFileNameInput } from './download-file-name';

const length = (s: string) => Array.from(s).length;

// §5: "Download file names strip illegal characters, collapse spaces to underscores and are truncated
// to 255 characters (20 for short names)."
describe('sanitizeFileName', () => {
  it.each([
    ['strips \\ / : * ? " < > |', 'a\\b/c:d*e?f"g<h>i|j.mp3', 'abcdefghij.mp3'],
    ['strips control characters', 'a\u0000b\u001Fc\u007Fd\u0085.wav', 'abcd.wav'],
    ['collapses a space run to one underscore', 'my   voice  clip.mp3', 'my_voice_clip.mp3'],
    ['collapses tabs-turned-spaces and NBSP', 'a \u00A0 b.mp3', 'a_b.mp3'],
    ['trims before collapsing', '  padded name  ', 'padded_name'],
    ['keeps unicode letters', 'Élodie – 日本.mp3', 'Élodie_–_日本.mp3'],
    ['falls back when nothing is left', ' :*? ', 'download'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it.each([
    ['a long name keeps its extension', `${'a'.repeat(300)}.mp3`, `${'a'.repeat(251)}.mp3`],
    ['a long name without extension is cut', 'b'.repeat(300), 'b'.repeat(255)],
    ['an exactly 255-character name is kept', `${'c'.repeat(251)}.wav`, `${'c'.repeat(251)}.wav`],
    [
      'emoji are counted as one character and never split',
      `${'😀'.repeat(300)}.zip`,
      `${'😀'.repeat(251)}.zip`,
    ],
  ])('truncates to 255 characters: %s', (_name, input, expected) => {
    const out = sanitizeFileName(input);
    expect(out).toBe(expected);
    expect(length(out)).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
  });
});

describe('shortFileName (20 characters for short names)', () => {
  it.each([
    ['Short.mp3', 'Short.mp3'],
    ['A rather long name for a clip.mp3', 'A_rather_long_na.mp3'],
    ['exactly twenty chars', 'exactly_twenty_chars'],
    ['twenty-one characters', 'twenty-one_character'],
    ['x.averyveryverylongextension', 'x.averyveryverylonge'],
  ])('%j -> %j', (input, expected) => {
    expect(shortFileName(input)).toBe(expected);
    expect(length(shortFileName(input))).toBeLessThanOrEqual(SHORT_FILE_NAME_LENGTH);
  });
});

describe('modelCode', () => {
  it.each([
    ['eleven_multilingual_v2', 'm2'],
    ['eleven_turbo_v2_5', 't2_5'],
    ['eleven_flash_v2_5', 'f2_5'],
    ['eleven_monolingual_v1', 'e1'],
    ['eleven_v3', 'v3'],
    ['custom model/x', 'custom_modelx'],
  ])('%s -> %s', (id, code) => {
    expect(modelCode(id)).toBe(code);
  });
});

const base: HistoryFileNameInput = {
  dateUnix: Date.UTC(2024, 0, 31, 12, 0, 0) / 1000,
  voiceName: 'Rachel',
  voiceCategory: 'premade',
  settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true },
  modelId: 'eleven_multilingual_v2',
  format: 'mp3',
};

// §5: "The pattern includes timestamp, voice name, category suffix (generated, professional, premade,
// cloned), voice settings and model code ... Formats are mp3, wav and zip."
describe('historyDownloadFileName', () => {
  it.each<[string, Partial<HistoryFileNameInput>, string]>([
    ['the full pattern', {}, 'Vocalis_2024-01-31T12_00_00_Rachel_pre_s50_sb75_se0_b_m2.mp3'],
    [
      'generated',
      { voiceCategory: 'generated' },
      'Vocalis_2024-01-31T12_00_00_Rachel_gen_s50_sb75_se0_b_m2.mp3',
    ],
    [
      'professional',
      { voiceCategory: 'professional' },
      'Vocalis_2024-01-31T12_00_00_Rachel_pvc_s50_sb75_se0_b_m2.mp3',
    ],
    ['cloned', { voiceCategory: 'cloned' }, 'Vocalis_2024-01-31T12_00_00_Rachel_ivc_s50_sb75_se0_b_m2.mp3'],
    [
      'another category as is',
      { voiceCategory: 'high_quality' },
      'Vocalis_2024-01-31T12_00_00_Rachel_high_quality_s50_sb75_se0_b_m2.mp3',
    ],
    ['no category', { voiceCategory: null }, 'Vocalis_2024-01-31T12_00_00_Rachel_s50_sb75_se0_b_m2.mp3'],
    [
      'no style, no boost',
      { settings: { stability: 0.3, similarity_boost: 1 } },
      'Vocalis_2024-01-31T12_00_00_Rachel_pre_s30_sb100_m2.mp3',
    ],
    [
      'boost off',
      { settings: { stability: 0.333, similarity_boost: 0.666, style: 0.25, use_speaker_boost: false } },
      'Vocalis_2024-01-31T12_00_00_Rachel_pre_s33_sb67_se25_m2.mp3',
    ],
    [
      'out-of-range settings clamped',
      { settings: { stability: 1.7, similarity_boost: -0.2 } },
      'Vocalis_2024-01-31T12_00_00_Rachel_pre_s100_sb0_m2.mp3',
    ],
    ['no settings', { settings: null }, 'Vocalis_2024-01-31T12_00_00_Rachel_pre_m2.mp3'],
    [
      'wav',
      { format: 'wav', modelId: 'eleven_turbo_v2_5' },
      'Vocalis_2024-01-31T12_00_00_Rachel_pre_s50_sb75_se0_b_t2_5.wav',
    ],
    [
      'zip',
      { format: 'zip', modelId: 'eleven_flash_v2_5' },
      'Vocalis_2024-01-31T12_00_00_Rachel_pre_s50_sb75_se0_b_f2_5.zip',
    ],
    [
      'an unsafe voice name',
      { voiceName: 'My: "Voice" / v2' },
      'Vocalis_2024-01-31T12_00_00_My_Voice_v2_pre_s50_sb75_se0_b_m2.mp3',
    ],
    [
      'an unknown model id',
      { modelId: 'eleven_new?model' },
      'Vocalis_2024-01-31T12_00_00_Rachel_pre_s50_sb75_se0_b_eleven_newmodel.mp3',
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(historyDownloadFileName({ ...base, ...overrides })).toBe(expected);
  });

  it('shortens a very long voice name, keeping the rest of the pattern within 255 characters', () => {
    const name = historyDownloadFileName({ ...base, voiceName: 'V'.repeat(400) });
    expect(length(name)).toBe(MAX_FILE_NAME_LENGTH);
    expect(name.startsWith('Vocalis_2024-01-31T12_00_00_VVV')).toBe(true);
    expect(name.endsWith('V_pre_s50_sb75_se0_b_m2.mp3')).toBe(true);
  });

  it('rejects an invalid date', () => {
    expect(() => historyDownloadFileName({ ...base, dateUnix: Number.NaN })).toThrow(RangeError);
  });
});

// §5: "an ISBN-based name is used when an ISBN exists".
describe('isbnFileName', () => {
  it.each<[string, string | null | undefined, 'mp3' | 'wav' | 'zip', string | null]>([
    ['978-3-16-148410-0', undefined, 'mp3', '9783161484100.mp3'],
    ['978 3 16 148410 0', 'My Book: Part 1', 'zip', '9783161484100_My_Book_Part_1.zip'],
    ['0-8044-2957-x', null, 'wav', '080442957X.wav'],
    ['0-8044-2957-X', '', 'mp3', '080442957X.mp3'],
    ['978-3-16-14841', undefined, 'mp3', null],
    ['97X-3-16-148410-0', undefined, 'mp3', null],
    ['ISBN 978-3-16-148410-0', undefined, 'mp3', null],
    ['', 'Title', 'mp3', null],
  ])('%j with title %j -> %j', (isbn, title, format, expected) => {
    expect(isbnFileName(isbn, title, format)).toBe(expected);
  });

  it('keeps a long title within 255 characters', () => {
    const name = isbnFileName('9783161484100', 't'.repeat(400), 'mp3');
    expect(name).not.toBeNull();
    expect(length(name ?? '')).toBe(MAX_FILE_NAME_LENGTH);
    expect(name?.endsWith('.mp3')).toBe(true);
  });

  it.each([
    ['123456789X', '123456789X'],
    ['12345678X9', null],
  ])('normalizeIsbn(%j) -> %j', (isbn, expected) => {
    expect(normalizeIsbn(isbn)).toBe(expected);
  });
});
