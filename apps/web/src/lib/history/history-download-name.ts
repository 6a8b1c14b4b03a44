import type { HistoryItem } from '@vocalis/contracts/history';
import {
  historyDownloadFileName,
  sanitizeFileName,
  type VoiceSettingsForName,
} from '@vocalis/domain/download-file-name';

import { HttpError } from '@/lib/api-client';

/** "Downloaded history must come back as audio or a zip" (§5). */
export function assertDownloadType(contentType: string): void {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('audio/') || type === 'application/zip' || type === 'application/x-zip-compressed')
    return;
  throw new HttpError(
    0,
    `Invalid response type received: ${type || 'unknown'} is not supported.`,
    'invalid_response_type',
  );
}

/** The file name of a content-disposition header (filename* first, then filename), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return sanitizeFileName(decodeURIComponent(extended[1]!.trim()));
    } catch {
      // A malformed escape: fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name ? sanitizeFileName(name) : null;
}

function settingsForName(settings: HistoryItem['settings']): VoiceSettingsForName | null {
  if (!settings) return null;
  const { stability, similarity_boost, style, use_speaker_boost } = settings;
  if (typeof stability !== 'number' || typeof similarity_boost !== 'number') return null;
  return {
    stability,
    similarity_boost,
    style: typeof style === 'number' ? style : null,
    use_speaker_boost: use_speaker_boost === true,
  };
}

/**
 * The name to save a download under: the server's content-disposition name when present, otherwise the
 * spec's file-name rule (§5) for one item, or a dated `_history.zip` for several.
 */
export function downloadName(disposition: string | null, items: HistoryItem[], contentType: string): string {
  const fromHeader = fileNameFromDisposition(disposition);
  if (fromHeader) return fromHeader;
  const [first] = items;
  if (items.length === 1 && first) {
    return historyDownloadFileName({
      dateUnix: first.date_unix,
      voiceName: first.voice_name ?? 'voice',
      voiceCategory: first.voice_category,
      settings: settingsForName(first.settings),
      modelId: first.model_id ?? '',
      format: contentType.includes('wav') ? 'wav' : 'mp3',
    });
  }
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '_');
  return sanitizeFileName(`Vocalis_${stamp}_history.zip`);
}
