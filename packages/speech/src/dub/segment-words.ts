/**
 * Cuts recognised words into dubbing segments: a new segment at a change of speaker, at a pause of
 * `pause` seconds or more, or once a segment would pass `maxSeconds` (a translation of a long run of speech
 * cannot be fitted back where it belongs).
 */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
  speaker?: number;
}

export interface SpeechSegmentText {
  start: number;
  end: number;
  text: string;
  speaker: number;
}

export const SEGMENT_PAUSE = 0.6;
export const SEGMENT_MAX_SECONDS = 10;

/** Segments of words in time order. */
export function segmentWords(
  words: TimedWord[],
  pause = SEGMENT_PAUSE,
  maxSeconds = SEGMENT_MAX_SECONDS,
): SpeechSegmentText[] {
  const out: SpeechSegmentText[] = [];
  let cur: SpeechSegmentText | undefined;
  for (const w of words) {
    const speaker = w.speaker ?? 0;
    if (!cur || speaker !== cur.speaker || w.start - cur.end >= pause || w.end - cur.start > maxSeconds) {
      cur = { start: w.start, end: w.end, text: w.text, speaker };
      out.push(cur);
    } else {
      cur.end = w.end;
      cur.text += ` ${w.text}`;
    }
  }
  return out;
}
