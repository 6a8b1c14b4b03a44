import type { VoiceoverClipDto } from '@vocalis/contracts/voiceover';

export type ClipChange = { start_time?: number; trim_start?: number; trim_end?: number };
export type Drag = { clipId: string; mode: 'move' | 'in' | 'out'; x: number; clip: VoiceoverClipDto };

export const r2 = (n: number) => Math.round(n * 100) / 100;

/** Where a drag leaves the clip: moved, or trimmed at one end (the audio stays where it was on the timeline). */
export function dragged(d: Drag, seconds: number, duration: number): ClipChange {
  const c = d.clip;
  if (d.mode === 'move')
    return { start_time: r2(Math.min(duration - 0.05, Math.max(0, c.start_time + seconds))) };
  if (d.mode === 'out')
    return { trim_end: r2(Math.min(c.audio_seconds, Math.max(c.trim_start + 0.05, c.trim_end + seconds))) };
  const shift = Math.min(c.trim_end - 0.05 - c.trim_start, Math.max(-c.trim_start, -c.start_time, seconds));
  return { trim_start: r2(c.trim_start + shift), start_time: r2(c.start_time + shift) };
}
