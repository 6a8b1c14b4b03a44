import type { TranscriptResponse } from '@vocalis/contracts/speech-to-text';
import {
  segmentWords,
  toSrt,
  toTxt,
  toVtt,
  type TimedWord,
} from '@vocalis/domain/transcripts/transcript-formats';

export const EXPORTS = ['txt', 'srt', 'vtt', 'json'] as const;
export type ExportKind = (typeof EXPORTS)[number];

/** The spoken words of a transcript (spacing entries dropped). */
export function spokenWords(t: TranscriptResponse): TimedWord[] {
  return t.words
    .filter((w) => w.type === 'word')
    .map((w) => ({ text: w.text, start: w.start ?? 0, end: w.end ?? 0, speaker_id: w.speaker_id ?? null }));
}

/** A download of the transcript: its text, MIME type and file extension. */
export function exportTranscript(t: TranscriptResponse, kind: ExportKind): { text: string; type: string } {
  const segments = segmentWords(spokenWords(t));
  if (kind === 'srt') return { text: toSrt(segments, true), type: 'application/x-subrip' };
  if (kind === 'vtt') return { text: toVtt(segments), type: 'text/vtt' };
  if (kind === 'json') return { text: JSON.stringify(t, null, 2), type: 'application/json' };
  return {
    text: toTxt(segments, { includeSpeakers: segments.some((s) => s.speaker_id) }),
    type: 'text/plain',
  };
}

/** The index of the word being spoken at `time` (the last one started), or -1 before the first. */
export function wordAt(words: TimedWord[], time: number): number {
  let found = -1;
  for (let i = 0; i < words.length; i++) {
    if (words[i]!.start <= time) found = i;
    else break;
  }
  return found;
}
