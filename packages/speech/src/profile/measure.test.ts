import { describe, expect, it } from 'vitest';
import { measureVoice } from './measure';
import { highShelf } from './spectrum';

const RATE = 16000;

/** `count` voiced "syllables" (harmonic tone bursts with a smooth envelope) at `perSecond`, with pauses. */
function syllables(count: number, perSecond: number, hz: number, pauseEvery = 0): Int16Array {
  const period = RATE / perSecond;
  const pause = Math.round(0.5 * RATE);
  const pauses = pauseEvery ? Math.floor((count - 1) / pauseEvery) : 0;
  const out = new Int16Array(Math.round(count * period) + pauses * pause + RATE / 2);
  let at = RATE / 4;
  for (let s = 0; s < count; s++) {
    if (pauseEvery && s && s % pauseEvery === 0) at += pause;
    for (let i = 0; i < period; i++) {
      const env = Math.sin((Math.PI * i) / period) ** 2;
      const ph = (2 * Math.PI * hz * (at + i)) / RATE;
      out[Math.round(at) + i] = Math.round(
        8000 * env * (Math.sin(ph) + 0.5 * Math.sin(2 * ph) + 0.3 * Math.sin(3 * ph)),
      );
    }
    at += period;
  }
  return out;
}

describe('measureVoice', () => {
  it.each([
    [110, 4],
    [220, 5],
    [160, 3],
  ])('finds a %d Hz voice speaking %d syllables per second', (hz, perSecond) => {
    const m = measureVoice(syllables(24, perSecond, hz), RATE);
    expect(m.pitchHz / hz).toBeGreaterThan(0.97);
    expect(m.pitchHz / hz).toBeLessThan(1.03);
    expect(m.syllables).toBe(24);
    expect(m.syllablesPerSecond / perSecond).toBeGreaterThan(0.9);
    expect(m.syllablesPerSecond / perSecond).toBeLessThan(1.1);
  });

  it('leaves pauses out of the speaking time, so pausing does not lower the rate', () => {
    const m = measureVoice(syllables(24, 4, 150, 6), RATE);
    expect(m.syllables).toBe(24);
    expect(m.speechSeconds).toBeLessThan(6.5);
    expect(m.syllablesPerSecond).toBeGreaterThan(3.6);
  });

  it('measures a high shelf as added brightness', () => {
    const dull = syllables(20, 4, 140);
    const bright = highShelf(dull, RATE, 6);
    const delta = measureVoice(bright, RATE).brightnessDb - measureVoice(dull, RATE).brightnessDb;
    expect(delta).toBeGreaterThan(3);
    expect(delta).toBeLessThan(8);
  });

  it('finds no speech in silence', () => {
    const m = measureVoice(new Int16Array(RATE * 2), RATE);
    expect(m.syllables).toBe(0);
    expect(m.pitchHz).toBeNaN();
  });
});
