import { describe, expect, it } from 'vitest';
import { MAX_DISTANCE, profileDistance, rankBySimilarity } from './voice-similarity';

const low = { pitchHz: 95, pitchRangeSemitones: 6, syllablesPerSecond: 4.5, brightnessDb: -14 };
const lowish = { pitchHz: 105, pitchRangeSemitones: 7, syllablesPerSecond: 4.2, brightnessDb: -13 };
const high = { pitchHz: 220, pitchRangeSemitones: 9, syllablesPerSecond: 3.6, brightnessDb: -9 };

describe('profileDistance', () => {
  it('is 0 for the same profile and symmetric', () => {
    expect(profileDistance(low, low)).toBe(0);
    expect(profileDistance(low, high)).toBeCloseTo(profileDistance(high, low), 12);
  });
  it('puts a low voice nearer another low voice than a high one', () =>
    expect(profileDistance(low, lowish)).toBeLessThan(profileDistance(low, high)));
  it('is capped at 2', () =>
    expect(
      profileDistance(low, {
        pitchHz: 800,
        pitchRangeSemitones: 30,
        syllablesPerSecond: 12,
        brightnessDb: 20,
      }),
    ).toBe(MAX_DISTANCE));
  it('ignores measures that are missing on either side', () =>
    expect(profileDistance(low, { ...low, pitchRangeSemitones: NaN })).toBe(0));
});

describe('rankBySimilarity', () => {
  const candidates = [
    { id: 'high', features: high },
    { id: 'lowish', features: lowish },
    { id: 'low', features: low },
  ];
  it('ranks nearest first and keeps top_k', () =>
    expect(rankBySimilarity(low, candidates, { topK: 2 }).map((c) => c.id)).toEqual(['low', 'lowish']));
  it('drops candidates beyond the threshold', () =>
    expect(rankBySimilarity(low, candidates, { threshold: 0.3 }).map((c) => c.id)).toEqual([
      'low',
      'lowish',
    ]));
});
