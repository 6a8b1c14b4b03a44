/**
 * The work of one transcription, shared by the request (sync) and the job (webhook mode): recognise with the
 * picked engine, diarize when asked, and give back the columns of a completed transcript.
 */
import { diarize } from '@vocalis/speech/stt/diarize';
import type { SpeechToTextEngine } from '@vocalis/speech/stt/stt-engine';
import type { StoredWord, TranscriptOptions } from '../../db/schema/transcripts';
import { RATE } from './media-input';
import { transcriptText } from './transcripts.presenter';

export interface Transcribed {
  words: StoredWord[];
  text: string;
  languageCode: string;
  languageProbability: number;
}

export async function transcribeAudio(
  engine: SpeechToTextEngine,
  pcm: Int16Array,
  language: string | undefined,
  options: Pick<TranscriptOptions, 'diarize' | 'numSpeakers'>,
  signal?: AbortSignal,
): Promise<Transcribed> {
  const heard = await engine.transcribe(pcm, RATE, { language, signal });
  const speakers = options.diarize ? diarize(heard.words, pcm, RATE, options.numSpeakers ?? undefined) : null;
  const words: StoredWord[] = heard.words.map((w, i) => ({
    text: w.text,
    start: w.start,
    end: w.end,
    confidence: w.confidence,
    ...(speakers && { speaker: speakers[i] ?? 0 }),
  }));
  return {
    words,
    text: transcriptText(words),
    languageCode: heard.language,
    // The built-in engine cannot detect a language: without language_code it assumes English and says 0.
    languageProbability: language
      ? heard.languageProbability
      : engine.languages === 'any'
        ? heard.languageProbability
        : 0,
  };
}
