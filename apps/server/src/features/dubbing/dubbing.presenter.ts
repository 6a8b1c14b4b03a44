import type { DubbingMetadata } from '@vocalis/contracts/dubbing';
import type { DubRow } from './dubbing.repo';

const MEDIA_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  aac: 'audio/aac',
  aiff: 'audio/aiff',
  ogg: 'audio/ogg',
  opus: 'audio/opus',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  webm: 'video/webm',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  mpeg: 'video/mpeg',
  '3gpp': 'video/3gpp',
};

/** The content type of an accepted media type (dubbing-input.ts keeps the extension-like name). */
export const contentTypeOf = (type: string, isVideo: boolean) =>
  MEDIA_TYPES[type]?.replace(/^video\//, isVideo ? 'video/' : 'audio/') ?? 'application/octet-stream';

/** DubbingMetadataResponse of a row. */
export function presentDub(row: DubRow): DubbingMetadata {
  return {
    dubbing_id: row.id,
    name: row.name,
    status: row.status as DubbingMetadata['status'],
    ...(row.sourceLang && { source_language: row.sourceLang }),
    target_languages: row.targetLangs,
    editable: row.options.dubbingStudio,
    created_at: row.createdAt.toISOString(),
    creation_date_unix: Math.floor(row.createdAt.getTime() / 1000),
    media_metadata: {
      content_type: contentTypeOf(row.sourceType, row.isVideo),
      duration: row.durationSeconds,
    },
    ...(row.error && { error: row.error }),
    refunded: row.refunded,
    expected_duration: row.expectedDuration,
    progress: row.progress,
    progress_message: row.progressMessage,
  };
}
