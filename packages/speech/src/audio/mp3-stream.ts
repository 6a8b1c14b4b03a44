/**
 * Incremental mono MP3 encoding with lamejs, for streaming: feed Int16 blocks of any size as they are
 * synthesized and send what comes out; `flush()` once at the end.
 */
import { Mp3Encoder } from '@breezystack/lamejs';

/** lamejs wants whole MPEG frames of 1152 samples; the remainder waits for the next block. */
const FRAME = 1152;

/** A stateful MP3 encoder: `encode` per block, `flush` at the end. */
export class Mp3Stream {
  private readonly encoder: Mp3Encoder;
  private pending = new Int16Array(0);

  constructor(sampleRate: number, kbps: number) {
    this.encoder = new Mp3Encoder(1, sampleRate, kbps);
  }

  /** Encodes a block; may return an empty array while lamejs buffers. */
  encode(pcm: Int16Array): Uint8Array {
    const all = new Int16Array(this.pending.length + pcm.length);
    all.set(this.pending);
    all.set(pcm, this.pending.length);
    const whole = all.length - (all.length % FRAME);
    this.pending = all.slice(whole);
    const parts: Uint8Array[] = [];
    for (let i = 0; i < whole; i += FRAME) parts.push(this.encoder.encodeBuffer(all.subarray(i, i + FRAME)));
    return concatBytes(parts);
  }

  /** Encodes what is left and closes the stream. */
  flush(): Uint8Array {
    const tail = this.pending.length ? this.encoder.encodeBuffer(this.pending) : new Uint8Array(0);
    this.pending = new Int16Array(0);
    return concatBytes([tail, this.encoder.flush()]);
  }
}

/** Joins byte arrays. */
export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
