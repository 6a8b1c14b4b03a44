/**
 * Adapter for OpenAI-compatible transcription servers (`POST /v1/audio/transcriptions`: faster-whisper
 * servers, Speaches, LocalAI, whisper.cpp's server …). Sends WAV and asks for `verbose_json` with word
 * timestamps; servers that only give segments get each segment's words spread over its span.
 */
import { encodeWav } from '../audio/wav';
import { toIso1, type RecognisedWord, type Recognition, type SpeechToTextEngine } from './stt-engine';

export interface HttpTranscriptionOptions {
  /** Base URL (`http://host:8000` or `http://host:8000/v1`). */
  url: string;
  /** The `model` field (`Systran/faster-whisper-small`, `whisper-1` …). */
  model: string;
  apiKey?: string;
  /** Languages to offer; default 'any' (whisper models detect and transcribe ~100 languages). */
  languages?: readonly string[] | 'any';
  timeoutMs?: number;
}

type VerboseWord = { word?: string; start?: number; end?: number; probability?: number };
type VerboseSegment = { text?: string; start?: number; end?: number; avg_logprob?: number };
type Verbose = { text?: string; language?: string; words?: VerboseWord[]; segments?: VerboseSegment[] };

/** The transcription endpoint for a base URL given with or without `/v1`. */
export function transcriptionEndpoint(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return `${trimmed}${trimmed.endsWith('/v1') ? '' : '/v1'}/audio/transcriptions`;
}

/** Words of a verbose_json answer: its word list, or each segment's words spread evenly over the segment. */
export function wordsOfVerbose(body: Verbose): RecognisedWord[] {
  if (body.words?.length)
    return body.words
      .filter((w) => (w.word ?? '').trim())
      .map((w) => ({
        text: w.word!.trim(),
        start: w.start ?? 0,
        end: w.end ?? w.start ?? 0,
        confidence: w.probability ?? 1,
      }));
  const words: RecognisedWord[] = [];
  for (const s of body.segments ?? []) {
    const parts = (s.text ?? '').trim().split(/\s+/).filter(Boolean);
    const start = s.start ?? 0;
    const step = ((s.end ?? start) - start) / Math.max(1, parts.length);
    const confidence = s.avg_logprob === undefined ? 1 : Math.exp(s.avg_logprob);
    parts.forEach((text, i) =>
      words.push({ text, start: start + i * step, end: start + (i + 1) * step, confidence }),
    );
  }
  return words;
}

/** An engine that sends each file to a remote transcription server. */
export function httpTranscriptionEngine(o: HttpTranscriptionOptions): SpeechToTextEngine {
  const endpoint = transcriptionEndpoint(o.url);
  return {
    id: 'http',
    description: `An OpenAI-compatible transcription server (${new URL(o.url).host}, model ${o.model}).`,
    languages: o.languages ?? 'any',
    async transcribe(pcm, sampleRate, options): Promise<Recognition> {
      const form = new FormData();
      form.append(
        'file',
        new Blob([Buffer.from(encodeWav(pcm, sampleRate))], { type: 'audio/wav' }),
        'audio.wav',
      );
      form.append('model', o.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'word');
      form.append('timestamp_granularities[]', 'segment');
      if (options.language) form.append('language', options.language);
      const signals = [
        AbortSignal.timeout(o.timeoutMs ?? 300_000),
        ...(options.signal ? [options.signal] : []),
      ];
      const res = await fetch(endpoint, {
        method: 'POST',
        body: form,
        headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
        signal: AbortSignal.any(signals),
      });
      if (!res.ok)
        throw new Error(`transcription server answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const body = (await res.json()) as Verbose;
      const language = (body.language && toIso1(body.language)) || options.language || 'und';
      return { words: wordsOfVerbose(body), language, languageProbability: body.language ? 1 : 0 };
    },
  };
}
