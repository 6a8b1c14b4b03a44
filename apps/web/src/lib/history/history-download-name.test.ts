import type { HistoryItem } from '@vocalis/contracts/history';
import { describe, expect, it } from 'vitest';

import { assertDownloadType, downloadName, fileNameFromDisposition } from './history-download-name';

const item = {
  history_item_id: 'h1',
  voice_name: 'Rachel',
  voice_category: 'premade',
  model_id: 'eleven_multilingual_v2',
  date_unix: Date.UTC(2024, 0, 31, 12) / 1000,
  settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true },
} as unknown as HistoryItem;

describe('history download name', () => {
  it('prefers the content-disposition name, filename* over filename', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.mp3"')).toBe('a_b.mp3');
    expect(fileNameFromDisposition(`attachment; filename="x.mp3"; filename*=UTF-8''R%C3%A9my.mp3`)).toBe(
      'Rémy.mp3',
    );
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(downloadName('attachment; filename="server.zip"', [item, item], 'application/zip')).toBe(
      'server.zip',
    );
  });

  it('falls back to the spec pattern for one item and a dated zip for several', () => {
    expect(downloadName(null, [item], 'audio/mpeg')).toMatch(
      /^Vocalis_2024-01-31T12_00_00_Rachel_pre_s50_sb75_se0_b_.+\.mp3$/,
    );
    expect(downloadName(null, [item, item], 'application/zip')).toMatch(/^Vocalis_.+_history\.zip$/);
  });

  it('rejects anything but audio or a zip with the spec message', () => {
    expect(() => assertDownloadType('audio/mpeg')).not.toThrow();
    expect(() => assertDownloadType('application/zip')).not.toThrow();
    expect(() => assertDownloadType('text/html; charset=utf-8')).toThrow(
      'Invalid response type received: text/html is not supported.',
    );
  });
});
