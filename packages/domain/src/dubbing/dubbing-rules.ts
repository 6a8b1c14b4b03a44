/**
 * Rules of a dub (decisions 140-141): its price, the range of the source it covers, and how a spoken
 * translation is fitted into the time slot of the speech it replaces.
 */

/** Quota characters per minute of source per target language (decision 141). */
export const DUBBING_CHARACTERS_PER_MINUTE = 3000;

/** The longest source a dub takes, seconds (a job of the built-in pipeline runs ~1-3x real time). */
export const MAX_DUBBING_SECONDS = 30 * 60;

/** The largest upload or downloaded source, bytes. */
export const MAX_DUBBING_BYTES = 500 * 1024 * 1024;

/** What dubbing `seconds` of source into `languages` target languages costs: by the started second. */
export function dubbingCharacters(seconds: number, languages = 1): number {
  return Math.ceil(Math.ceil(seconds) * (DUBBING_CHARACTERS_PER_MINUTE / 60)) * languages;
}

/**
 * The part of a source of `duration` seconds that a dub covers, from optional start_time / end_time; an
 * error text when the range is empty or outside the media.
 */
export function dubbingRange(
  duration: number,
  start?: number,
  end?: number,
): { start: number; end: number } | { error: string } {
  const s = start ?? 0;
  const e = end ?? duration;
  if (s < 0 || e < 0) return { error: 'start_time and end_time must not be negative.' };
  if (s >= duration) return { error: 'start_time is at or after the end of the media.' };
  if (e <= s) return { error: 'end_time must be after start_time.' };
  return { start: s, end: Math.min(e, duration) };
}

/**
 * Tempo bounds of a natural delivery: a translation may be spoken up to 35% faster than the voice's own
 * pace to fit its slot, or 10% slower to fill it; beyond that it would sound hurried or dragged.
 */
export const MAX_TEMPO = 1.35;
export const MIN_TEMPO = 0.9;

/**
 * The tempo (1 = the voice's own pace) at which speech of `spoken` seconds fits a slot of `slot` seconds,
 * within the natural bounds. A text that still overruns at the fastest tempo spills into the pause after
 * its slot and is cut with a fade only at the next segment (speech/dub/render-dub.ts).
 */
export function fitTempo(spoken: number, slot: number): number {
  if (spoken <= 0 || slot <= 0) return 1;
  return Math.min(MAX_TEMPO, Math.max(MIN_TEMPO, spoken / slot));
}
