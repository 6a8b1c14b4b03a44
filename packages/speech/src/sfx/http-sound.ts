/**
 * HTTP adapter for a generative sound-effects server (decision 103). Protocol, version 1: ElevenLabs' own
 * sound-generation call, so the adapter can point at any server that speaks it (an AudioCraft or Stable
 * Audio wrapper, another installation):
 * - `POST {base}/v1/sound-generation?output_format=pcm_44100`, JSON `{text, duration_seconds (number or
 *   null for automatic), prompt_influence, loop}`, headers `Authorization: Bearer <key>` and `xi-api-key:
 *   <key>` when a key is set
 * - → 200 with either `audio/wav` (16-bit mono, any rate) or raw 16-bit little-endian mono PCM at 44.1 kHz.
 * Errors are any non-2xx status with an optional JSON body `{"detail":{"message"}}` or `{"error":{"message"}}`.
 */
import { decodeWav } from '../audio/wav';

export interface SoundServerOptions {
  url: string;
  apiKey?: string;
  timeoutMs?: number;
}

export interface SoundServerRequest {
  text: string;
  durationSeconds: number | null;
  promptInfluence: number;
  loop: boolean;
}

/** Why the sound server failed, in words a user can act on. */
export class SoundServerError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SoundServerError';
  }
}

const base = (url: string) => url.replace(/\/+$/, '').replace(/\/v1$/, '');

export class HttpSoundGenerator {
  constructor(private readonly options: SoundServerOptions) {}

  get origin(): string {
    return base(this.options.url);
  }

  async generate(
    req: SoundServerRequest,
    signal: AbortSignal,
  ): Promise<{ pcm: Int16Array; sampleRate: number }> {
    const url = `${this.origin}/v1/sound-generation?output_format=pcm_44100`;
    const timeoutMs = this.options.timeoutMs ?? 120_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const key = this.options.apiKey;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(key ? { authorization: `Bearer ${key}`, 'xi-api-key': key } : {}),
        },
        body: JSON.stringify({
          text: req.text,
          duration_seconds: req.durationSeconds,
          prompt_influence: req.promptInfluence,
          loop: req.loop,
        }),
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      if (timeout.aborted)
        throw new SoundServerError(
          `The sound server at ${this.origin} did not answer within ${timeoutMs / 1000} s.`,
        );
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new SoundServerError(`Cannot reach the sound server at ${this.origin} (${cause}).`);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let detail = text.slice(0, 300);
      try {
        const body = JSON.parse(text) as { detail?: { message?: string }; error?: { message?: string } };
        detail = body.detail?.message ?? body.error?.message ?? detail;
      } catch {
        // not JSON: the text as it came
      }
      throw new SoundServerError(
        `The sound server answered HTTP ${res.status}${detail ? `: ${detail}` : ''}.`,
        res.status,
      );
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const riff = bytes.length >= 12 && Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF';
    if (riff) {
      try {
        const wav = decodeWav(bytes);
        if (wav.channels !== 1) throw new Error('not mono');
        return { pcm: wav.pcm, sampleRate: wav.sampleRate };
      } catch {
        throw new SoundServerError('The sound server answered a WAV file that is not 16-bit mono.');
      }
    }
    if (bytes.length < 2 || bytes.length % 2 !== 0)
      throw new SoundServerError('The sound server answered no audio (neither WAV nor 16-bit PCM).');
    const pcm = new Int16Array(bytes.length / 2);
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < pcm.length; i++) pcm[i] = v.getInt16(i * 2, true);
    return { pcm, sampleRate: 44_100 };
  }
}

/** Trims or pads (with silence) to exactly `n` samples: the requested duration is honoured exactly. */
export function fitLength(pcm: Int16Array, n: number): Int16Array {
  if (pcm.length === n) return pcm;
  const out = new Int16Array(n);
  out.set(pcm.subarray(0, n));
  const fade = Math.min(Math.round(n * 0.01), 441);
  if (pcm.length > n)
    for (let i = 0; i < fade; i++) out[n - 1 - i] = Math.round(out[n - 1 - i]! * (i / fade));
  return out;
}
