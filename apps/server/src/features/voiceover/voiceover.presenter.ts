import type { VoiceoverProjectDto } from '@vocalis/contracts/voiceover';
import type { VoiceoverRow } from './voiceover.repo';

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** A project as the API answers it (and the live `dubbing` collection carries it). */
export function presentVoiceover(row: VoiceoverRow): VoiceoverProjectDto {
  return {
    project_id: row.id,
    name: row.name,
    video_content_type: row.videoType,
    duration: r3(row.durationSeconds),
    video_volume: row.videoVolume,
    tracks: row.tracks.map((t) => ({
      track_id: t.id,
      name: t.name,
      volume: t.volume,
      muted: t.muted,
      clips: t.clips.map((c) => ({
        clip_id: c.id,
        kind: c.kind,
        text: c.text,
        voice_id: c.voiceId,
        audio_seconds: r3(c.audioSeconds),
        start_time: r3(c.start),
        trim_start: r3(c.trimStart),
        trim_end: r3(c.trimEnd),
        volume: c.volume,
        charged: c.charged,
        stale: c.stale,
      })),
    })),
    export_status: row.exportStatus as VoiceoverProjectDto['export_status'],
    export_progress: row.exportProgress,
    ...(row.exportError ? { export_error: row.exportError } : {}),
    export_current: row.exportStatus === 'exported' && row.exportVersion === row.version,
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
}
