/**
 * HTTP adapter for a speech-to-speech (voice conversion) server (decision 095). Protocol, version 1, under the
 * configured base URL, `Authorization: Bearer <key>` when a key is set:
 * - `POST /v1/convert` multipart: `audio` (16 kHz mono 16-bit WAV), `target` (JSON: `voice_id`, `name`,
 *   `pitch_hz`, `pitch_range_semitones`, `brightness_db`), `seed` (optional) → 200 `audio/wav` (16-bit PCM,
 *   any rate, mono)
 * Errors are any non-2xx status with an optional JSON body `{"error":{"message"}}`.
 */
import { decodeWav, encodeWav } from '../audio/wav';
import type { ConversionInput, ConversionOutput, VoiceConverter } from './converter';

export interface ConversionServerOptions {
  url: string;
  apiKey?: string;
  timeoutMs?: number;
}

/** Why the conversion server failed, in words a user can act on. */
export class ConversionServerError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ConversionServerError';
  }
}

const base = (url: string) => url.replace(/\/+$/, '').replace(/\/v1$/, '');

export class HttpConverter implements VoiceConverter {
  readonly kind = 'http';
  constructor(private readonly options: ConversionServerOptions) {}

  async convert(input: ConversionInput, signal: AbortSignal): Promise<ConversionOutput> {
    const url = `${base(this.options.url)}/v1/convert`;
    const form = new FormData();
    form.append(
      'audio',
      new Blob([Buffer.from(encodeWav(input.pcm, input.sampleRate))], { type: 'audio/wav' }),
      'in.wav',
    );
    const t = input.target;
    form.append(
      'target',
      JSON.stringify({
        voice_id: t.voiceId,
        name: t.name,
        pitch_hz: t.pitchHz,
        pitch_range_semitones: t.pitchRangeSemitones,
        brightness_db: t.brightnessDb,
      }),
    );
    if (input.seed !== undefined) form.append('seed', String(input.seed));
    const timeoutMs = this.options.timeoutMs ?? 120_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
        body: form,
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      if (timeout.aborted)
        throw new ConversionServerError(
          `The voice conversion server at ${base(this.options.url)} did not answer within ${timeoutMs / 1000} s.`,
        );
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new ConversionServerError(
        `Cannot reach the voice conversion server at ${base(this.options.url)} (${cause}).`,
      );
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let detail = text.slice(0, 300);
      try {
        detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? detail;
      } catch {
        // not JSON: the text as it came
      }
      throw new ConversionServerError(
        `The voice conversion server answered HTTP ${res.status}${detail ? `: ${detail}` : ''}.`,
        res.status,
      );
    }
    try {
      const wav = decodeWav(new Uint8Array(await res.arrayBuffer()));
      if (wav.channels !== 1) throw new Error('not mono');
      return { pcm: wav.pcm, sampleRate: wav.sampleRate };
    } catch {
      throw new ConversionServerError(
        'The voice conversion server answered audio that is not 16-bit mono WAV.',
      );
    }
  }
}
