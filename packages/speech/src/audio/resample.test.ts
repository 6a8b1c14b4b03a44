import { describe, expect, it } from 'vitest';
import { resample } from './resample';

/** Frequency of the strongest zero-crossing rate: enough to tell a tone survived resampling. */
function zeroCrossingHz(pcm: Int16Array, rate: number): number {
  let crossings = 0;
  for (let i = 1; i < pcm.length; i++) if (pcm[i - 1]! < 0 !== pcm[i]! < 0) crossings++;
  return crossings / 2 / (pcm.length / rate);
}

describe('resample', () => {
  it('converts 16 kHz to 44.1 kHz keeping duration, level and pitch', async () => {
    const tone = Int16Array.from({ length: 16000 }, (_, i) =>
      Math.round(10000 * Math.sin((2 * Math.PI * 440 * i) / 16000)),
    );
    const out = await resample(tone, 16000, 44100);
    expect(out.length).toBe(44100);
    expect(zeroCrossingHz(out.subarray(2000, 40000), 44100)).toBeCloseTo(440, -1);
    expect(Math.max(...out.subarray(1000, 40000))).toBeGreaterThan(9000);
  });

  it('returns a copy when the rate does not change', async () => {
    const pcm = Int16Array.from([1, 2, 3]);
    const out = await resample(pcm, 8000, 8000);
    expect(out).not.toBe(pcm);
    expect(Array.from(out)).toEqual([1, 2, 3]);
  });
});
