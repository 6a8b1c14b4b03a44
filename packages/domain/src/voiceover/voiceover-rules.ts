/**
 * Voiceover studio rules (decision 220-221): where a clip sits on the timeline, which part of its audio plays,
 * and the mix of every clip over the video's own sound. Pure: the server and the editor share them.
 */

/** The loudest a clip, a track or the video's sound may be set (2 = +6 dB). */
export const MAX_VOLUME = 2;
/** Text of a text-to-speech clip and prompt of a sound-effect clip. */
export const MAX_CLIP_TEXT = 2000;
/** Tracks per project and clips per track. */
export const MAX_TRACKS = 8;
export const MAX_CLIPS_PER_TRACK = 50;
/** The shortest part of a clip that may be left after trimming. */
export const MIN_CLIP_SECONDS = 0.05;

export interface ClipTiming {
  start: number;
  trimStart: number;
  trimEnd: number;
  audioSeconds: number;
}

/** Why a clip's timing cannot be kept, or null: inside its audio, at least MIN_CLIP_SECONDS, on the video. */
export function clipTimingProblem(c: ClipTiming, videoSeconds: number): string | null {
  if (!(c.start >= 0)) return 'start_time must be 0 or more.';
  if (c.start >= videoSeconds)
    return `start_time must be before the end of the video (${round(videoSeconds)} s).`;
  if (!(c.trimStart >= 0)) return 'trim_start must be 0 or more.';
  if (c.trimEnd > c.audioSeconds + 1e-6)
    return `trim_end must be at most the clip's length (${round(c.audioSeconds)} s).`;
  if (c.trimEnd - c.trimStart < MIN_CLIP_SECONDS - 1e-9)
    return `trim_end must be at least ${MIN_CLIP_SECONDS} s after trim_start.`;
  return null;
}

const round = (s: number) => Math.round(s * 100) / 100;

/** Where the clip plays on the timeline: [start, end) in seconds. */
export function clipSpan(c: ClipTiming): { start: number; end: number } {
  return { start: c.start, end: c.start + (c.trimEnd - c.trimStart) };
}

/** A clip as the mix reads it: its decoded audio, the part that plays, where, and how loud. */
export interface MixClip {
  pcm: Int16Array;
  start: number;
  trimStart: number;
  trimEnd: number;
  gain: number;
}

/**
 * The mixed track of `seconds` at `rate`: the base (the video's sound, times `baseGain`) plus each clip's
 * played part at its start times its gain; what runs past the end is cut; the sum is clipped to 16 bits.
 */
export function mixTimeline(o: {
  rate: number;
  seconds: number;
  base: Int16Array;
  baseGain: number;
  clips: MixClip[];
}): Int16Array {
  const length = Math.round(o.seconds * o.rate);
  const sum = new Float32Array(length);
  if (o.baseGain > 0)
    for (let i = 0; i < Math.min(length, o.base.length); i++) sum[i] = o.base[i]! * o.baseGain;
  for (const c of o.clips) {
    if (c.gain <= 0) continue;
    const from = Math.max(0, Math.round(c.trimStart * o.rate));
    const to = Math.min(c.pcm.length, Math.round(c.trimEnd * o.rate));
    const at = Math.round(c.start * o.rate);
    for (let i = from, j = at; i < to && j < length; i++, j++)
      if (j >= 0) sum[j] = sum[j]! + c.pcm[i]! * c.gain;
  }
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(sum[i]!)));
  return out;
}
