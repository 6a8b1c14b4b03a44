import { describe, expect, it } from 'vitest';
import { embedWatermark, frameStrength, WatermarkEmbedder } from './embed';
import { BANDS, SOUND_PROFILE, SPEECH_PROFILE } from './scheme';

const KEY = 'unit-test-key';
const RATE = 44100;

/** Clicks (3 ms noise bursts) at 0.1 and 0.5 s over silence, then 0.5 s of noise. */
function clicksThenNoise(): Int16Array {
  let s = 3;
  const rand = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  const out = new Int16Array(1.5 * RATE);
  for (let at = 0.1 * RATE; at < RATE; at += 0.4 * RATE)
    for (let i = 0; i < 0.003 * RATE; i++) out[at + i] = Math.round(20000 * rand());
  for (let i = RATE; i < out.length; i++) out[i] = Math.round(3000 * rand());
  return out;
}

const energy = (x: Int16Array, y: Int16Array, from: number, to: number) => {
  let e = 0;
  for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++) e += (y[i]! - x[i]!) ** 2;
  return e;
};

describe('frameStrength', () => {
  const flat = Float64Array.from({ length: BANDS }, (_, b) => 1e6 * (1 + 0.3 * Math.sin(b)));
  const tone = Float64Array.from({ length: BANDS }, (_, b) => (b === 5 ? 1e8 : 1e3));

  it('gives noise-like frames the noise strength and tonal or silent ones the base strength', () => {
    expect(frameStrength(flat, 0.15, 0.25)).toBeCloseTo(0.25, 5);
    expect(frameStrength(tone, 0.15, 0.25)).toBeCloseTo(0.15, 5);
    expect(frameStrength(new Float64Array(BANDS), 0.15, 0.25)).toBe(0.15);
  });

  it('lies between the two for a spectrum that is partly flat', () => {
    const tilted = Float64Array.from({ length: BANDS }, (_, b) => 1e6 * 10 ** (-b / 12));
    const g = frameStrength(tilted, 0.15, 0.25);
    expect(g).toBeGreaterThan(0.15);
    expect(g).toBeLessThan(0.25);
  });
});

describe('the sound profile', () => {
  it('gives the same samples whether the stream comes whole or in blocks split anywhere', () => {
    const pcm = clicksThenNoise();
    const whole = embedWatermark(pcm, RATE, KEY, SOUND_PROFILE);
    const e = new WatermarkEmbedder(KEY, RATE, SOUND_PROFILE);
    const joined = new Int16Array(pcm.length);
    for (let at = 0, n = 1; at < pcm.length; at += n, n = (n * 7 + 13) % 5000)
      joined.set(e.push(pcm.subarray(at, at + n)), at);
    expect(joined).toEqual(whole);
  }, 30_000);

  it('marks noise harder than speech does, and keeps a faint floor for a few frames after a click', () => {
    const pcm = clicksThenNoise();
    const sound = embedWatermark(pcm, RATE, KEY, SOUND_PROFILE);
    const speech = embedWatermark(pcm, RATE, KEY, SPEECH_PROFILE);
    expect(energy(pcm, sound, 1.1, 1.5)).toBeGreaterThan(2 * energy(pcm, speech, 1.1, 1.5));
    // The click's RMS, and the mark's 20-40 ms after it: there, but more than 40 dB under the click.
    const click = Math.sqrt(energy(new Int16Array(pcm.length), pcm, 0.5, 0.503) / (0.003 * RATE));
    const after = Math.sqrt(energy(pcm, sound, 0.52, 0.54) / (0.02 * RATE));
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(click * 0.01);
    expect(energy(pcm, speech, 0.52, 0.54)).toBeLessThan((after * after * 0.02 * RATE) / 10);
    // Silence well after a click stays untouched.
    expect(energy(pcm, sound, 0.8, 0.9)).toBe(0);
  }, 30_000);
});
