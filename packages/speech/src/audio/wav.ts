/** PCM16 WAV encoding and decoding (RIFF/WAVE, mono or interleaved, any chunk order). */

/** Decoded WAV audio: interleaved Int16 samples. */
export interface DecodedWav {
  pcm: Int16Array;
  sampleRate: number;
  channels: number;
}

/** Encodes mono (or interleaved) Int16 PCM as a 16-bit WAV file. */
export function encodeWav(pcm: Int16Array, sampleRate: number, channels = 1): Uint8Array {
  const out = new Uint8Array(44 + pcm.length * 2);
  const v = new DataView(out.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + pcm.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, channels, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * channels * 2, true);
  v.setUint16(32, channels * 2, true);
  v.setUint16(34, 16, true);
  ascii(36, 'data');
  v.setUint32(40, pcm.length * 2, true);
  for (let i = 0; i < pcm.length; i++) v.setInt16(44 + i * 2, pcm[i]!, true);
  return out;
}

/**
 * Decodes a 16-bit PCM WAV. Walks the chunk list rather than assuming a 44-byte header, because
 * encoders add LIST/fact chunks, and tolerates a data size of 0 or 0xFFFFFFFF (streamed WAVs).
 */
export function decodeWav(bytes: Uint8Array): DecodedWav {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let sampleRate = 0;
  let channels = 0;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    let size = v.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      const format = v.getUint16(body, true);
      const bits = v.getUint16(body + 14, true);
      // 0xFFFE is WAVE_FORMAT_EXTENSIBLE, still plain PCM for 16-bit audio.
      if ((format !== 1 && format !== 0xfffe) || bits !== 16)
        throw new Error(`unsupported WAV format ${format}/${bits}-bit`);
      channels = v.getUint16(body + 2, true);
      sampleRate = v.getUint32(body + 4, true);
    } else if (id === 'data') {
      if (!sampleRate) throw new Error('WAV data before fmt chunk');
      if (size === 0 || size === 0xffffffff || body + size > bytes.length) size = bytes.length - body;
      const pcm = new Int16Array(Math.floor(size / 2));
      for (let i = 0; i < pcm.length; i++) pcm[i] = v.getInt16(body + i * 2, true);
      return { pcm, sampleRate, channels };
    }
    at = body + size + (size & 1);
  }
  throw new Error('WAV has no data chunk');
}
