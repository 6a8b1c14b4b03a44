import { describe, expect, it } from 'vitest';
import {
  ACX_FLOOR_MAX_DB,
  ACX_PEAK_MAX_DB,
  ACX_RMS_MAX_DB,
  ACX_RMS_MIN_DB,
  gate,
  limit,
  measureLevels,
  meetsAcx,
  SILENCE_DB,
  toAcx,
} from './acx';

const RATE = 8000;
const sine = (amp: number, seconds: number, hz = 220) =>
  Float32Array.from({ length: RATE * seconds }, (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / RATE));

/** Speech-like test signal: bursts of a tone with sharp clicks, a faint hiss between them. */
function speechLike(): Float32Array {
  const x = new Float32Array(RATE * 6);
  let seed = 1;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 2;
  for (let i = 0; i < x.length; i++) {
    const t = i / RATE;
    const voiced = t % 1.5 < 1;
    x[i] = voiced
      ? 0.05 * Math.sin(2 * Math.PI * 180 * t) * (1 + 0.5 * Math.sin(2 * Math.PI * 3 * t))
      : 0.0003 * noise();
    if (voiced && i % 4000 === 100) x[i] = 0.6;
  }
  return x;
}

describe('ACX levels', () => {
  it('measures a full-scale sine at -3 dB RMS and 0 dB peak', () => {
    const l = measureLevels(sine(1, 2), RATE);
    expect(l.rmsDb).toBeCloseTo(-3.01, 1);
    expect(l.peakDb).toBeCloseTo(0, 1);
    expect(l.floorDb).toBeCloseTo(-3.01, 1);
  });

  it('takes the quietest half second as the noise floor and reports silence as -120 dB', () => {
    const x = new Float32Array(RATE * 3);
    x.set(sine(0.5, 2));
    expect(measureLevels(x, RATE).floorDb).toBe(SILENCE_DB);
    expect(measureLevels(new Float32Array(10), RATE)).toEqual({
      rmsDb: SILENCE_DB,
      peakDb: SILENCE_DB,
      floorDb: SILENCE_DB,
    });
  });

  it('states the requirements with the issue numbers', () => {
    expect([ACX_RMS_MIN_DB, ACX_RMS_MAX_DB, ACX_PEAK_MAX_DB, ACX_FLOOR_MAX_DB]).toEqual([-23, -18, -3, -60]);
    expect(meetsAcx({ rmsDb: -20, peakDb: -3, floorDb: -60 })).toBe(true);
    expect(meetsAcx({ rmsDb: -17.9, peakDb: -5, floorDb: -70 })).toBe(false);
    expect(meetsAcx({ rmsDb: -20, peakDb: -2.9, floorDb: -70 })).toBe(false);
    expect(meetsAcx({ rmsDb: -20, peakDb: -5, floorDb: -59 })).toBe(false);
  });

  it('limits peaks under the ceiling without touching quiet samples', () => {
    const x = sine(0.1, 1);
    x[4000] = 0.9;
    const y = limit(x, 0.5, 16);
    expect(Math.max(...y.map(Math.abs))).toBeLessThanOrEqual(0.5);
    expect(y[1000]).toBeCloseTo(x[1000]!, 6);
  });

  it('silences frames under the gate and keeps louder ones', () => {
    const x = new Float32Array(RATE);
    x.set(sine(0.0001, 0.5));
    x.set(sine(0.3, 0.5), RATE / 2);
    const y = gate(x, RATE);
    expect(measureLevels(y.subarray(0, RATE / 2 - 80), RATE).peakDb).toBe(SILENCE_DB);
    expect(y[RATE - 100]).toBeCloseTo(x[RATE - 100]!, 6);
  });

  it('brings speech-like audio with a hiss and loud clicks within all three limits', () => {
    const before = measureLevels(speechLike(), RATE);
    expect(meetsAcx(before)).toBe(false);
    const after = measureLevels(toAcx(speechLike(), RATE), RATE);
    expect(after.rmsDb).toBeGreaterThanOrEqual(-21.5);
    expect(after.rmsDb).toBeLessThanOrEqual(-19.5);
    expect(after.peakDb).toBeLessThanOrEqual(-4 + 1e-3);
    expect(after.floorDb).toBeLessThanOrEqual(-60);
  });
});
