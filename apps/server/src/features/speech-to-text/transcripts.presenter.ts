import type {
  TranscriptResponse,
  TranscriptSummary,
  TranscriptWord,
} from '@vocalis/contracts/speech-to-text';
import type { TimedWord } from '@vocalis/domain/transcripts/transcript-formats';
import { toIso3 } from '@vocalis/speech/stt/stt-engine';
import type { StoredWord } from '../../db/schema/transcripts';
import { writeFormat, type ExportRequest } from './export-formats';
import type { TranscriptRow } from './transcripts.repo';

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const speakerId = (w: StoredWord) => (w.speaker === undefined ? undefined : `speaker_${w.speaker}`);

/** The transcript's text: its words joined by single spaces. */
export const transcriptText = (words: StoredWord[]) => words.map((w) => w.text).join(' ');

/** Words as the export writers take them. */
export const timedWords = (words: StoredWord[]): TimedWord[] =>
  words.map((w) => ({ text: w.text, start: w.start, end: w.end, speaker_id: speakerId(w) ?? null }));

/**
 * The word list of SpeechToTextChunkResponseModel: words and the spacing between them, with times unless the
 * granularity is none, and characters (times spread evenly over the word, an estimate) for character.
 */
export function presentWords(
  words: StoredWord[],
  granularity: 'none' | 'word' | 'character',
): TranscriptWord[] {
  const out: TranscriptWord[] = [];
  const times = (start: number, end: number) =>
    granularity === 'none' ? {} : { start: r3(start), end: r3(end) };
  words.forEach((w, i) => {
    const speaker = speakerId(w);
    const word: TranscriptWord = {
      text: w.text,
      ...times(w.start, w.end),
      type: 'word',
      ...(speaker && { speaker_id: speaker }),
      logprob: r3(Math.log(Math.max(1e-6, w.confidence))),
    };
    if (granularity === 'character') {
      const chars = [...w.text];
      const step = (w.end - w.start) / chars.length;
      word.characters = chars.map((c, k) => ({
        text: c,
        start: r3(w.start + k * step),
        end: r3(w.start + (k + 1) * step),
      }));
    }
    out.push(word);
    const next = words[i + 1];
    if (next)
      out.push({
        text: ' ',
        ...times(w.end, Math.max(w.end, next.start)),
        type: 'spacing',
        ...(speaker && { speaker_id: speaker }),
        logprob: 0,
      });
  });
  return out;
}

/** A completed transcript as the SDK's SpeechToTextChunkResponseModel. */
export function presentTranscript(row: TranscriptRow, formats: ExportRequest[] = []): TranscriptResponse {
  const words = row.words ?? [];
  return {
    language_code: toIso3(row.languageCode ?? 'en'),
    language_probability: r3(row.languageProbability ?? 0),
    text: row.text ?? '',
    words: presentWords(words, row.options.granularity),
    ...(formats.length && { additional_formats: formats.map((f) => writeFormat(f, timedWords(words))) }),
    transcription_id: row.id,
    audio_duration_secs: r3(row.audioDurationSecs),
  };
}

/** A row of the transcript list. */
export function presentSummary(row: TranscriptRow): TranscriptSummary {
  const words = row.words ?? [];
  return {
    transcription_id: row.id,
    status: row.status as TranscriptSummary['status'],
    error: row.error,
    file_name: row.fileName,
    source: row.source,
    model_id: row.modelId,
    language_code: row.languageCode ? toIso3(row.languageCode) : null,
    audio_duration_secs: r3(row.audioDurationSecs),
    text_preview: (row.text ?? '').slice(0, 160),
    speakers: new Set(words.map((w) => w.speaker).filter((s) => s !== undefined)).size,
    created_at_unix: Math.floor(row.createdAt.getTime() / 1000),
  };
}
