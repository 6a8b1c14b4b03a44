/**
 * The spoken clips of a dub's segments (decision 180): each segment's speech per target language is kept in
 * file storage with a key of what it was spoken from (its translated text, the length of its slot, the
 * speaker's voice). A render or `dub` speaks again only the segments whose key changed; the others reuse
 * their clip, and only the speech spoken again is charged.
 */
import { createHash } from 'node:crypto';
import type { DubSegment, DubSpeaker } from '../../db/schema/dubs';
import type { DubRow } from './dubbing.repo';

type Voice = DubSpeaker['voices'][string];

/** JSON with object keys sorted: jsonb stores keys in its own order, and the key must survive the round trip. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** The key of a segment's speech in `language` with `voice` (undefined: no voice yet, nothing can match). */
export function clipKey(segment: DubSegment, language: string, voice: Voice | undefined): string {
  return createHash('sha256')
    .update(
      canonical({
        text: (segment.translations[language] ?? '').trim(),
        slot: Math.round((segment.end - segment.start) * 1000),
        voice: voice ?? null,
      }),
    )
    .digest('hex')
    .slice(0, 24);
}

/** The voice a speaker speaks `language` with, if one was fitted or chosen. */
export const voiceOf = (speakers: DubSpeaker[], speaker: number, language: string): Voice | undefined =>
  speakers.find((s) => s.id === speaker)?.voices[language];

/** Whether a segment has anything to say in `language` (an empty translation is a silent segment). */
export const speaks = (s: DubSegment, language: string) => !!(s.translations[language] ?? '').trim();

/** Whether a segment's speech in `language` must be spoken (again): no clip, or one of other words/slot/voice. */
export function isStale(row: Pick<DubRow, 'speakers'>, s: DubSegment, language: string): boolean {
  if (!speaks(s, language)) return false;
  const clip = s.clips?.[language];
  return !clip || clip.key !== clipKey(s, language, voiceOf(row.speakers, s.speaker, language));
}

/** Seconds of source slots spoken again per language when `segments` (all when null) are dubbed. */
export function secondsToSpeak(
  row: Pick<DubRow, 'speakers' | 'segments'>,
  languages: string[],
  segments: string[] | null,
): Record<string, number> {
  const chosen = segments ? row.segments.filter((s) => segments.includes(s.id)) : row.segments;
  return Object.fromEntries(
    languages.map((l) => [
      l,
      chosen.filter((s) => isStale(row, s, l)).reduce((sum, s) => sum + (s.end - s.start), 0),
    ]),
  );
}

/** A clip's bytes as stored (little-endian 16-bit samples). */
export const clipBytes = (pcm: Int16Array) => new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength);

/** A stored clip's samples. */
export function clipPcm(bytes: Uint8Array): Int16Array {
  const copy = new Uint8Array(bytes.length - (bytes.length % 2));
  copy.set(bytes.subarray(0, copy.length));
  return new Int16Array(copy.buffer);
}

/** Every clip file of a set of segments. */
export const clipPaths = (segments: DubSegment[]) =>
  segments.flatMap((s) => Object.values(s.clips ?? {}).map((c) => c.path));
