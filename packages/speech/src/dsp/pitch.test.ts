import { describe, expect, it } from 'vitest';
import { medianPitch, pitchTrack } from './pitch';

/** A buzzy periodic tone (fundamental plus harmonics), like a voiced vowel. */
function tone(hz: number[], seconds: number, rate = 16000): Int16Array {
  const n = Math.round(seconds * rate);
  const out = new Int16Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const f = hz[Math.min(hz.length - 1, Math.floor((i / n) * hz.length))]!;
    phase += (2 * Math.PI * f) / rate;
    out[i] = Math.round(6000 * (Math.sin(phase) + 0.6 * Math.sin(2 * phase) + 0.3 * Math.sin(3 * phase)));
  }
  return out;
}

describe('medianPitch', () => {
  it.each([
    [100, 16000],
    [120, 22050],
    [180, 16000],
    [220, 22050],
    [300, 16000],
  ])('finds %d Hz at %d Hz sampling within 3 percent', (hz, rate) => {
    expect(medianPitch(tone([hz], 1, rate), rate)).toBeGreaterThan(hz * 0.97);
    expect(medianPitch(tone([hz], 1, rate), rate)).toBeLessThan(hz * 1.03);
  });

  it('finds nothing in silence or white noise', () => {
    expect(medianPitch(new Int16Array(16000), 16000)).toBeNaN();
    let seed = 1;
    const noise = Int16Array.from({ length: 16000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed / 2 ** 31 - 0.5) * 20000;
    });
    expect(pitchTrack(noise, 16000).f0.length).toBeLessThan(10);
  });
});

describe('pitchTrack', () => {
  it('follows a falling contour in time order', () => {
    const { times, f0 } = pitchTrack(tone([200, 150, 110], 1.5), 16000);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const first = f0.slice(0, 10).reduce((a, b) => a + b) / 10;
    const last = f0.slice(-10).reduce((a, b) => a + b) / 10;
    expect(first).toBeGreaterThan(190);
    expect(last).toBeLessThan(120);
  });
});
