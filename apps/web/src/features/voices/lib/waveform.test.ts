import { describe, expect, it } from 'vitest';

import { peakBars } from './waveform';

describe('peakBars', () => {
  it('gives each slice its lowest and highest value, scaled to the loudest', () => {
    const samples = Float32Array.from([0.1, -0.2, 0.5, -0.5, 0, 0.25, -0.1, 0.05]);
    const bars = peakBars(samples, 4);
    const expected = [
      { min: -0.4, max: 0.2 },
      { min: -1, max: 1 },
      { min: 0, max: 0.5 },
      { min: -0.2, max: 0.1 },
    ];
    expect(bars).toHaveLength(4);
    bars.forEach((b, i) => {
      // Float32 samples: equal to float precision.
      expect(b.min).toBeCloseTo(expected[i]!.min, 6);
      expect(b.max).toBeCloseTo(expected[i]!.max, 6);
    });
  });

  it('keeps an asymmetric signal asymmetric (a DC offset is not mirrored)', () => {
    const bars = peakBars(Float32Array.from([0.8, 0.6, 0.7, 0.9]), 2);
    expect(bars.every((b) => b.min === 0 && b.max > 0)).toBe(true);
  });

  it('stays flat on silence and handles more bars than samples', () => {
    expect(peakBars(new Float32Array(10), 5)).toEqual(Array(5).fill({ min: 0, max: 0 }));
    expect(peakBars(Float32Array.from([0.5]), 3)).toHaveLength(3);
    expect(peakBars(new Float32Array(0), 3)).toEqual([]);
  });

  it('finds a short click inside a long slice', () => {
    const samples = new Float32Array(48_000);
    samples[30_000] = -0.9;
    const bars = peakBars(samples, 8);
    expect(bars[5]).toEqual({ min: -1, max: 0 });
    expect(bars.filter((b) => b.min !== 0)).toHaveLength(1);
  });
});
