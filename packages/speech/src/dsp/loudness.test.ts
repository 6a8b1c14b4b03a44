import { describe, expect, it } from 'vitest';
import { levels, normalizeLoudness } from './loudness';

const sine = (amp: number) => Int16Array.from({ length: 8000 }, (_, i) => Math.round(amp * Math.sin(i / 5)));

describe('normalizeLoudness', () => {
  it('raises a quiet signal to the target RMS', () => {
    const out = levels(normalizeLoudness(sine(500)));
    expect(20 * Math.log10(out.rms)).toBeCloseTo(-18, 0);
  });

  it('never pushes peaks past the ceiling', () => {
    const spiky = sine(300);
    spiky[100] = 20000;
    const out = levels(normalizeLoudness(spiky));
    expect(out.peak).toBeLessThanOrEqual(10 ** (-1 / 20) + 1e-4);
  });

  it('leaves silence alone', () => {
    expect(Array.from(normalizeLoudness(new Int16Array(10)))).toEqual(new Array(10).fill(0));
  });
});
