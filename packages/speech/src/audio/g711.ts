/** G.711 µ-law and A-law encoding of Int16 samples (ITU-T reference algorithm, one byte per sample). */

/** µ-law bytes for 16-bit samples. */
export function encodeMulaw(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) {
    let s = pcm[i]!;
    const sign = s < 0 ? 0x80 : 0;
    if (s < 0) s = -s;
    s = Math.min(s, 32635) + 0x84;
    let exponent = 7;
    for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
    const mantissa = (s >> (exponent + 3)) & 0x0f;
    out[i] = ~(sign | (exponent << 4) | mantissa) & 0xff;
  }
  return out;
}

/** A-law bytes for 16-bit samples. */
export function encodeAlaw(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) {
    let s = pcm[i]!;
    const sign = s >= 0 ? 0x80 : 0;
    if (s < 0) s = Math.min(-s, 32767);
    s >>= 3;
    let byte: number;
    if (s < 32) byte = s >> 1;
    else {
      let exponent = 1;
      while (s >= 64 && exponent < 7) {
        s >>= 1;
        exponent++;
      }
      byte = (exponent << 4) | ((s >> 1) & 0x0f);
    }
    out[i] = (byte | sign) ^ 0x55;
  }
  return out;
}
