/**
 * HTTP adapter for a voice cloning inference server (docs/decisions/076): the server receives a voice's
 * samples once and answers a speaker id; speech is then asked for by that id. The engine side is an
 * ordinary SpeechEngine whose voice ids are the remote speaker ids, so speech workers need nothing but
 * the URL; the uploading side (`CloneServerClient`) runs where the samples are (the API process).
 *
 * Protocol, version 1 (all under the configured base URL; `Authorization: Bearer <key>` when a key is set):
 * - `POST /v1/speakers` multipart: `name`, `reference` (ours: voice id and sample version), `files` (one
 *   part per sample, 16 kHz mono WAV) → 200/201 `{"speaker_id": "..."}`
 * - `GET /v1/speakers/{id}` → 200 when the server still has the speaker, 404 when not
 * - `POST /v1/speakers/{id}/speech` JSON `{"text","language","speed","seed"}` → 200 `audio/wav` (16-bit PCM)
 * - `DELETE /v1/speakers/{id}` → 200/204/404
 * Errors are any non-2xx status with an optional JSON body `{"error":{"code","message"}}`.
 */
import { decodeWav } from '../audio/wav';
import type { EngineVoice, SpeechChunk, SpeechEngine, SynthesisRequest } from '../engine';
import { throwIfAborted } from '../engine';

export interface CloneServerOptions {
  /** Base URL (`http://gpu-box:9000`); `/v1/...` is appended. */
  url: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** Per speech request (one sentence). Default 60 s. */
  timeoutMs?: number;
  /** Per sample upload. Default 120 s. */
  uploadTimeoutMs?: number;
  /** Languages the server speaks (the protocol does not list them). Default `['en']`. */
  languages?: string[];
}

/** Why a call to the cloning server failed; `message` says it in words a user can act on. */
export type CloneServerFailure = 'unreachable' | 'timeout' | 'unauthorized' | 'unknown_speaker' | 'refused';

export class CloneServerError extends Error {
  constructor(
    readonly kind: CloneServerFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CloneServerError';
  }
}

/** A sample as uploaded. */
export interface CloneSample {
  fileName: string;
  data: Uint8Array;
}

const base = (url: string) => url.replace(/\/+$/, '').replace(/\/v1$/, '');

/** One HTTP call with the protocol's auth, timeout and error mapping. */
async function call(
  o: CloneServerOptions,
  method: string,
  path: string,
  init: { body?: BodyInit; json?: unknown; timeoutMs: number; signal?: AbortSignal },
): Promise<Response> {
  const url = `${base(o.url)}${path}`;
  const timeout = AbortSignal.timeout(init.timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    if (timeout.aborted)
      throw new CloneServerError(
        'timeout',
        `The voice cloning server at ${base(o.url)} did not answer ${method} ${path} within ${init.timeoutMs / 1000} s.`,
      );
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new CloneServerError(
      'unreachable',
      `Cannot reach the voice cloning server at ${base(o.url)} (${cause}).`,
    );
  }
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  let detail = text.slice(0, 300);
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } };
    if (parsed.error?.message) detail = parsed.error.message;
  } catch {
    // not JSON: the text as it came
  }
  if (res.status === 401 || res.status === 403)
    throw new CloneServerError(
      'unauthorized',
      `The voice cloning server at ${base(o.url)} refused the credentials (HTTP ${res.status}); check SPEECH_CLONE_API_KEY.`,
      res.status,
    );
  if (res.status === 404 && path.startsWith('/v1/speakers/'))
    throw new CloneServerError(
      'unknown_speaker',
      `The voice cloning server no longer has speaker ${path.split('/')[3]}.`,
      404,
    );
  throw new CloneServerError(
    'refused',
    `The voice cloning server answered ${method} ${path} with HTTP ${res.status}${detail ? `: ${detail}` : ''}.`,
    res.status,
  );
}

/** The uploading side: speakers from samples, checks and deletion. */
export class CloneServerClient {
  constructor(readonly options: CloneServerOptions) {}

  get url(): string {
    return base(this.options.url);
  }

  /** Uploads a voice's samples; the server's speaker id. */
  async createSpeaker(name: string, reference: string, samples: CloneSample[]): Promise<string> {
    const form = new FormData();
    form.append('name', name);
    form.append('reference', reference);
    for (const s of samples)
      form.append('files', new Blob([Buffer.from(s.data)], { type: 'audio/wav' }), s.fileName);
    const res = await call(this.options, 'POST', '/v1/speakers', {
      body: form,
      timeoutMs: this.options.uploadTimeoutMs ?? 120_000,
    });
    const body = (await res.json().catch(() => ({}))) as { speaker_id?: unknown };
    if (typeof body.speaker_id !== 'string' || !body.speaker_id)
      throw new CloneServerError(
        'refused',
        'The voice cloning server answered the upload without a speaker_id.',
      );
    return body.speaker_id;
  }

  /** True when the server still has the speaker (it may have been restarted without storage). */
  async hasSpeaker(id: string): Promise<boolean> {
    try {
      await call(this.options, 'GET', `/v1/speakers/${encodeURIComponent(id)}`, { timeoutMs: 10_000 });
      return true;
    } catch (error) {
      if (error instanceof CloneServerError && error.kind === 'unknown_speaker') return false;
      throw error;
    }
  }

  /** Removes a speaker; one the server does not have is already gone. */
  async deleteSpeaker(id: string): Promise<void> {
    try {
      await call(this.options, 'DELETE', `/v1/speakers/${encodeURIComponent(id)}`, { timeoutMs: 10_000 });
    } catch (error) {
      if (!(error instanceof CloneServerError && error.kind === 'unknown_speaker')) throw error;
    }
  }
}

const SPEED_MIN = 0.5;
const SPEED_MAX = 2;

/** The speaking side: voices are remote speaker ids; one request per sentence. */
export function createHttpCloningEngine(o: CloneServerOptions): SpeechEngine {
  const languages = o.languages ?? ['en'];
  return {
    id: 'clone',
    // Speakers are the workspaces' voices, not a list to offer.
    voices: async (): Promise<EngineVoice[]> => [],
    languages: async () => [...languages],
    async *synthesize(request: SynthesisRequest, signal?: AbortSignal): AsyncIterable<SpeechChunk> {
      throwIfAborted(signal);
      const speed = Math.min(SPEED_MAX, Math.max(SPEED_MIN, request.prosody?.rate ?? 1));
      const res = await call(o, 'POST', `/v1/speakers/${encodeURIComponent(request.voice)}/speech`, {
        json: { text: request.text, language: request.language ?? 'en', speed, seed: request.seed ?? 0 },
        timeoutMs: o.timeoutMs ?? 60_000,
        signal,
      });
      const wav = decodeWav(new Uint8Array(await res.arrayBuffer()));
      let pcm = wav.pcm;
      if (wav.channels > 1) {
        pcm = new Int16Array(Math.floor(wav.pcm.length / wav.channels));
        for (let i = 0; i < pcm.length; i++) pcm[i] = wav.pcm[i * wav.channels]!;
      }
      yield { pcm, sampleRate: wav.sampleRate, events: [] };
    },
  };
}
