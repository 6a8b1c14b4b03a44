/**
 * Transcript exports (speech to text `additional_formats`, the OpenAI srt/vtt/text answers and the page's
 * downloads): words grouped into segments at pauses, by length and by speaker, then written as SubRip,
 * WebVTT, plain text or segmented JSON. Pure.
 */

export interface TimedWord {
  text: string;
  start: number;
  end: number;
  speaker_id?: string | null;
}

export interface SegmentOptions {
  /** A pause at least this long ends a segment (ElevenLabs' segment_on_silence_longer_than_s). */
  segmentOnSilenceLongerThanS?: number;
  maxSegmentDurationS?: number;
  maxSegmentChars?: number;
}

export interface TranscriptSegment {
  text: string;
  start: number;
  end: number;
  speaker_id: string | null;
  words: TimedWord[];
}

export const DEFAULT_SEGMENT = { silence: 0.8, duration: 6, chars: 84 } as const;

/** Words grouped into segments: a new one after a long pause, a change of speaker, or when one grows too long. */
export function segmentWords(words: TimedWord[], o: SegmentOptions = {}): TranscriptSegment[] {
  const silence = o.segmentOnSilenceLongerThanS ?? DEFAULT_SEGMENT.silence;
  const duration = o.maxSegmentDurationS ?? DEFAULT_SEGMENT.duration;
  const chars = o.maxSegmentChars ?? DEFAULT_SEGMENT.chars;
  const segments: TranscriptSegment[] = [];
  for (const w of words) {
    const cur = segments[segments.length - 1];
    const speaker = w.speaker_id ?? null;
    const fits =
      cur &&
      w.start - cur.end < silence &&
      speaker === cur.speaker_id &&
      w.end - cur.start <= duration &&
      cur.text.length + 1 + w.text.length <= chars;
    if (fits) {
      cur.text += ` ${w.text}`;
      cur.end = w.end;
      cur.words.push(w);
    } else segments.push({ text: w.text, start: w.start, end: w.end, speaker_id: speaker, words: [w] });
  }
  return segments;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** hh:mm:ss,mmm (SubRip) or hh:mm:ss.mmm (WebVTT). */
export function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

const label = (s: TranscriptSegment, speakers: boolean) =>
  speakers && s.speaker_id ? `[${s.speaker_id}] ${s.text}` : s.text;

/** SubRip subtitles, one cue per segment. */
export function toSrt(segments: TranscriptSegment[], includeSpeakers = false): string {
  return segments
    .map(
      (s, i) =>
        `${i + 1}\n${timestamp(s.start, ',')} --> ${timestamp(s.end, ',')}\n${label(s, includeSpeakers)}\n`,
    )
    .join('\n');
}

/** WebVTT subtitles, one cue per segment (speakers as voice tags). */
export function toVtt(segments: TranscriptSegment[]): string {
  const cues = segments.map(
    (s) =>
      `${timestamp(s.start, '.')} --> ${timestamp(s.end, '.')}\n${s.speaker_id ? `<v ${s.speaker_id}>` : ''}${s.text}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}

/** Plain text: the segments one per line (with times and speakers when asked). */
export function toTxt(
  segments: TranscriptSegment[],
  o: { includeSpeakers?: boolean; includeTimestamps?: boolean } = {},
): string {
  return (
    segments
      .map((s) => {
        const time = o.includeTimestamps ? `[${timestamp(s.start, '.')} - ${timestamp(s.end, '.')}] ` : '';
        return time + label(s, o.includeSpeakers ?? false);
      })
      .join('\n') + '\n'
  );
}

/** Segmented JSON as ElevenLabs exports it: {segments: [{text, start_time, end_time, speaker, words}]}. */
export function toSegmentedJson(segments: TranscriptSegment[], includeSpeakers = true): string {
  return JSON.stringify({
    segments: segments.map((s) => ({
      text: s.text,
      start_time: s.start,
      end_time: s.end,
      ...(includeSpeakers && { speaker: s.speaker_id }),
      words: s.words.map((w) => ({ text: w.text, start_time: w.start, end_time: w.end })),
    })),
  });
}
