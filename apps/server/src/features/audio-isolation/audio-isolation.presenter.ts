import type { IsolationHistoryItem } from '@vocalis/contracts/audio-isolation';
import type { IsolationRow } from './audio-isolation.repo';

/** A stored isolation as the SDK's history item (no video processing here: the result is audio). */
export function presentIsolation(row: IsolationRow): IsolationHistoryItem {
  return {
    id: row.id,
    title: row.title,
    created_at_unix: Math.floor(row.createdAt.getTime() / 1000),
    format: 'mp3',
    duration_seconds: row.durationSeconds,
    download_url: `/v1/audio-isolation/history/${row.id}/audio`,
    original_url: `/v1/audio-isolation/history/${row.id}/original`,
    supports_video: false,
    processing: false,
    video_processing_failed: false,
  };
}
