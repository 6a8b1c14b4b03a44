import { describe, expect, it } from 'vitest';
import { baseGender, correct, fitRendering, IDENTITY } from './fit';
import type { VoiceMeasure } from './measure';

const measure = (o: Partial<VoiceMeasure>): VoiceMeasure => ({
  pitchHz: 120,
  pitchLowHz: 100,
  pitchHighHz: 140,
  pitchRangeSemitones: 6,
  syllablesPerSecond: 4,
  syllables: 40,
  speechSeconds: 10,
  totalSeconds: 11,
  brightnessDb: -12,
  loudnessDbfs: -20,
  voicedShare: 0.7,
  ...o,
});

describe('baseGender', () => {
  it.each([
    [95, 'male'],
    [155, 'male'],
    [160, 'female'],
    [230, 'female'],
    [NaN, 'male'],
  ] as const)('takes a %d Hz voice as %s', (hz, gender) => expect(baseGender(hz)).toBe(gender));
});

describe('correct', () => {
  const base = measure({});
  it('moves each control by target over base from the identity', () => {
    const r = correct(
      IDENTITY,
      measure({ pitchHz: 96, syllablesPerSecond: 5, pitchRangeSemitones: 3, brightnessDb: -9 }),
      base,
      base,
    );
    expect(r.prosody.pitch).toBeCloseTo(0.8);
    expect(r.prosody.rate).toBeCloseTo(1.25);
    expect(r.prosody.pitchVariation).toBeCloseTo(0.5);
    expect(r.brightnessDb).toBeCloseTo(3);
  });

  it('corrects the rate by the speaking time, not the (saturating) syllable count', () => {
    const r = correct(
      { ...IDENTITY, prosody: { ...IDENTITY.prosody, rate: 1.5 } },
      measure({ syllablesPerSecond: 6 }),
      measure({ speechSeconds: 8, syllablesPerSecond: 4.2 }),
      base,
    );
    // 1.5 gave 10 s → 8 s, i.e. 5 syllables/s against the wanted 6.
    expect(r.prosody.rate).toBeCloseTo(1.8);
  });

  it('keeps every control inside what the engines can do, and ignores what was not measured', () => {
    const r = correct(
      IDENTITY,
      measure({ pitchHz: 1000, syllablesPerSecond: NaN, brightnessDb: 40 }),
      base,
      base,
    );
    expect(r.prosody.pitch).toBe(2);
    expect(r.prosody.rate).toBe(1);
    expect(r.brightnessDb).toBe(12);
  });
});

describe('fitRendering', () => {
  it('lands on the target of an engine that answers non-linearly after a few corrections', async () => {
    // A made-up engine whose pitch follows its control only part of the way (power 0.7).
    const speak = async (r: typeof IDENTITY) => measure({ pitchHz: 120 * r.prosody.pitch ** 0.7 });
    const once = await fitRendering(measure({ pitchHz: 180 }), speak, { steps: 0 });
    const twice = await fitRendering(measure({ pitchHz: 180 }), speak, { steps: 3 });
    expect(Math.abs(120 * once.rendering.prosody.pitch ** 0.7 - 180)).toBeGreaterThan(10);
    expect(Math.abs(120 * twice.rendering.prosody.pitch ** 0.7 - 180)).toBeLessThan(2);
  });
});
