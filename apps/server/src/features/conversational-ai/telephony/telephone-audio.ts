/**
 * Telephone audio (decision 226): G.711 µ-law at 8 kHz on the line, 16-bit PCM at 16 kHz in the conversation
 * session. µ-law encoding is the speech package's; decoding is ITU-T G.711's inverse.
 */
import { encodeMulaw } from '@vocalis/speech/audio/g711';
import { resample } from '@vocalis/speech/audio/resample';

export const LINE_RATE = 8000;
/** 20 ms of µ-law at 8 kHz: one RTP packet. */
export const FRAME_BYTES = 160;

/** 16-bit samples for µ-law bytes. */
export function decodeMulaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const u = ~bytes[i]! & 0xff;
    const exponent = (u >> 4) & 0x07;
    const magnitude = ((((u & 0x0f) << 3) + 0x84) << exponent) - 0x84;
    out[i] = u & 0x80 ? -magnitude : magnitude;
  }
  return out;
}

/** Little-endian 16-bit PCM bytes as samples (an odd last byte is dropped). */
export function pcmSamples(bytes: Uint8Array): Int16Array {
  const even = bytes.length & ~1;
  const copy = new Uint8Array(even);
  copy.set(bytes.subarray(0, even));
  return new Int16Array(copy.buffer);
}

/** The agent's audio (PCM at `rate`) as µ-law for the line. */
export async function toLine(pcm: Int16Array, rate: number): Promise<Uint8Array> {
  return encodeMulaw(await resample(pcm, rate, LINE_RATE));
}

/** The caller's µ-law as 16 kHz PCM bytes for the session's user_audio_chunk. */
export async function fromLine(mulaw: Uint8Array): Promise<Buffer> {
  const pcm = await resample(decodeMulaw(mulaw), LINE_RATE, 16000);
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
}
