import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random base62 id, 20 characters by default (the shape of ElevenLabs ids). */
export function newId(length = 20): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out.length === length ? out : out + newId(length - out.length);
}
