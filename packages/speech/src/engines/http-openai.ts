/**
 * HTTP engine adapter for remote inference servers that speak OpenAI's `POST /v1/audio/speech`
 * (Kokoro-FastAPI, Speaches, LocalAI, openedai-speech … and Vocalis itself). One request per call
 * (the pipeline calls once per sentence). The protocol returns audio without timings, so chunks carry
 * no events and the alignment spreads each sentence's characters evenly over its audio.
 */
import { decodeWav } from '../audio/wav';
import type { EngineVoice, SpeechChunk, SpeechEngine, SynthesisRequest } from '../engine';
import { throwIfAborted } from '../engine';

/** OpenAI's voice names; most compatible servers accept them (and usually more of their own). */
export const OPENAI_VOICES: readonly EngineVoice[] = [
  { id: 'alloy', name: 'Alloy', languages: ['en'], gender: 'neutral' },
  { id: 'ash', name: 'Ash', languages: ['en'], gender: 'male' },
  { id: 'ballad', name: 'Ballad', languages: ['en'], gender: 'male' },
  { id: 'coral', name: 'Coral', languages: ['en'], gender: 'female' },
  { id: 'echo', name: 'Echo', languages: ['en'], gender: 'male' },
  { id: 'fable', name: 'Fable', languages: ['en'], gender: 'male' },
  { id: 'onyx', name: 'Onyx', languages: ['en'], gender: 'male' },
  { id: 'nova', name: 'Nova', languages: ['en'], gender: 'female' },
  { id: 'sage', name: 'Sage', languages: ['en'], gender: 'female' },
  { id: 'shimmer', name: 'Shimmer', languages: ['en'], gender: 'female' },
  { id: 'verse', name: 'Verse', languages: ['en'], gender: 'male' },
];

/** OpenAI's `pcm` format is headerless signed 16-bit little-endian mono at 24 kHz. */
const OPENAI_PCM_RATE = 24000;
/** The speed range of the OpenAI protocol. */
const SPEED_MIN = 0.25;
const SPEED_MAX = 4;

/** Where and how to reach the remote server. */
export interface OpenAiHttpEngineOptions {
  /** Base URL of the server (`http://host:8880` or `http://host:8880/v1`). */
  url: string;
  /** The `model` field sent with every request (`tts-1`, `kokoro` …). */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** `wav` (default: self-describing) or `pcm` (24 kHz by the protocol). */
  responseFormat?: 'wav' | 'pcm';
  /** Languages to advertise; the protocol cannot list them. Default `['en']`. */
  languages?: string[];
  /** Per-request timeout. Default 60 s. */
  timeoutMs?: number;
}

/** The endpoint for a base URL, accepting it with or without the trailing `/v1`. */
export function speechEndpoint(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return `${trimmed}${trimmed.endsWith('/v1') ? '' : '/v1'}/audio/speech`;
}

/** Mixes interleaved channels down to mono. */
function toMono(pcm: Int16Array, channels: number): Int16Array {
  if (channels <= 1) return pcm;
  const out = new Int16Array(Math.floor(pcm.length / channels));
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += pcm[i * channels + c]!;
    out[i] = Math.round(sum / channels);
  }
  return out;
}

/** Creates an engine that synthesizes through a remote OpenAI-compatible speech endpoint. */
export function createOpenAiHttpEngine(options: OpenAiHttpEngineOptions): SpeechEngine {
  const endpoint = speechEndpoint(options.url);
  const format = options.responseFormat ?? 'wav';
  const languages = options.languages ?? ['en'];
  return {
    id: 'http',
    voices: async () => OPENAI_VOICES.map((v) => ({ ...v, languages })),
    languages: async () => [...languages],
    async *synthesize(request: SynthesisRequest, signal?: AbortSignal): AsyncIterable<SpeechChunk> {
      throwIfAborted(signal);
      const rate = request.prosody?.rate ?? 1;
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          input: request.text,
          voice: request.voice,
          response_format: format,
          speed: Math.min(SPEED_MAX, Math.max(SPEED_MIN, rate)),
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const body = new Uint8Array(await res.arrayBuffer());
      if (!res.ok) {
        const text = new TextDecoder().decode(body.subarray(0, 300));
        throw new Error(`speech server ${endpoint} answered ${res.status}: ${text}`);
      }
      let pcm: Int16Array;
      let sampleRate: number;
      if (format === 'wav') {
        const wav = decodeWav(body);
        pcm = toMono(wav.pcm, wav.channels);
        sampleRate = wav.sampleRate;
      } else {
        pcm = new Int16Array(body.length >> 1);
        const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
        for (let i = 0; i < pcm.length; i++) pcm[i] = view.getInt16(i * 2, true);
        sampleRate = OPENAI_PCM_RATE;
      }
      yield { pcm, sampleRate, events: [] };
    },
  };
}
