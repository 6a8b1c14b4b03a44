import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav } from './wav';

describe('wav', () => {
  it('round-trips PCM16 samples and the sample rate', () => {
    const pcm = Int16Array.from({ length: 1001 }, (_, i) => Math.round(Math.sin(i / 7) * 30000));
    const back = decodeWav(encodeWav(pcm, 22050));
    expect(back.sampleRate).toBe(22050);
    expect(back.channels).toBe(1);
    expect(Array.from(back.pcm)).toEqual(Array.from(pcm));
  });

  it('skips extra chunks before the data chunk', () => {
    const plain = encodeWav(Int16Array.from([1, -2, 3]), 8000);
    const list = new Uint8Array([...'LIST'].map((c) => c.charCodeAt(0)).concat([3, 0, 0, 0, 1, 2, 3, 0]));
    const withList = new Uint8Array([...plain.subarray(0, 36), ...list, ...plain.subarray(36)]);
    expect(Array.from(decodeWav(withList).pcm)).toEqual([1, -2, 3]);
  });

  it('rejects what is not a WAV', () => {
    expect(() => decodeWav(new Uint8Array(20))).toThrow(/RIFF/);
  });
});
