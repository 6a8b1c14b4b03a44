import { describe, expect, it } from 'vitest';
import {
  autoPreviewText,
  designLabels,
  designTargets,
  openAttributes,
  PREVIEW_TEXT_MAX,
  PREVIEW_TEXT_MIN,
  previewAttributes,
  remixAttributes,
  shiftPitch,
} from './voice-design';
import { parseVoiceDescription } from './voice-description';

const attrs = (text: string) => parseVoiceDescription(text).attributes;

describe('previewAttributes', () => {
  it('spreads an unspecified age over young, middle-aged and old', () => {
    const previews = previewAttributes(attrs('a deep, slow British man, warm and calm'));
    expect(previews.map((p) => p.age)).toEqual(['young', 'middle_aged', 'old']);
    for (const p of previews)
      expect(p).toMatchObject({
        gender: 'male',
        pitch: 'low',
        pace: 'slow',
        accent: 'british',
        tone: 'warm',
      });
  });

  it('spreads the first two open attributes, the second shifted, so no two previews share both', () => {
    const previews = previewAttributes(attrs('an energetic voice'));
    expect(previews.map((p) => [p.gender, p.age])).toEqual([
      ['female', 'middle_aged'],
      ['male', 'old'],
      ['female', 'young'],
    ]);
  });

  it('varies pitch and pace slightly when the description leaves nothing open', () => {
    const full = attrs('a deep, slow, older British man, warm and calm');
    expect(openAttributes(full)).toEqual([]);
    expect(previewAttributes(full).map((p) => p.variation)).toEqual([-1, 0, 1]);
  });

  it('rotates the spread by the seed', () => {
    const a = attrs('a calm woman');
    expect(previewAttributes(a, 1).map((p) => p.age)).toEqual(['middle_aged', 'old', 'young']);
    expect(previewAttributes(a, 3)).toEqual(previewAttributes(a, 0));
  });
});

describe('designTargets', () => {
  const one = (text: string) =>
    designTargets({
      gender: 'female',
      age: 'middle_aged',
      accent: 'american',
      pitch: 'medium',
      pace: 'normal',
      energy: 'neutral',
      tone: 'neutral',
      variation: 0,
      ...attrs(text),
    });

  it.each([
    ['deep', 'high', 'pitchSemitones'],
    ['very deep', 'deep', 'pitchSemitones'],
    ['old man', 'young man', 'pitchSemitones'],
    ['slow', 'fast', 'rateFactor'],
    ['very slow', 'slow', 'rateFactor'],
    ['calm', 'energetic', 'rangeFactor'],
    ['warm', 'bright', 'brightnessDb'],
  ] as const)('asks "%s" for a lower %s than "%s"', (lower, higher, key) => {
    expect(one(lower)[key]).toBeLessThan(one(higher)[key]);
  });

  it('asks nothing of a neutral middle-aged voice', () => {
    expect(one('a middle-aged man')).toEqual({
      pitchSemitones: 0,
      rateFactor: 1,
      rangeFactor: 1,
      brightnessDb: 0,
    });
  });

  it('moves pitch by semitones', () => {
    expect(shiftPitch(100, 12)).toBeCloseTo(200);
    expect(shiftPitch(200, -12)).toBeCloseTo(100);
  });
});

describe('remixAttributes', () => {
  it("keeps the remix to what it mentions, over the voice's gender, nudged three ways", () => {
    const r = remixAttributes(attrs('make it slower'), { gender: 'male' });
    expect(r.map((x) => x.variation)).toEqual([-1, 0, 1]);
    expect(r[1]).toMatchObject({ gender: 'male', pace: 'slow', age: 'middle_aged', pitch: 'medium' });
    expect(designTargets(r[1]!).rateFactor).toBeLessThan(1);
    expect(designTargets(r[1]!).pitchSemitones).toBe(0);
  });
});

describe('remixAttributes of a designed voice', () => {
  it('keeps what the voice was and changes what the remix mentions', () => {
    const was = { ...previewAttributes(attrs('a deep, slow, older British man, warm and calm'))[1]! };
    const [, r] = remixAttributes(attrs('faster and higher'), was);
    expect(r).toEqual({ ...was, pace: 'fast', pitch: 'high', variation: 0 });
  });
});

describe('autoPreviewText', () => {
  it.each(['calm', 'energetic', 'neutral'] as const)('writes a %s text the text rule accepts', (energy) => {
    const text = autoPreviewText({ energy });
    expect(text.length).toBeGreaterThanOrEqual(PREVIEW_TEXT_MIN);
    expect(text.length).toBeLessThanOrEqual(PREVIEW_TEXT_MAX);
  });
});

describe('designLabels', () => {
  it('labels a designed voice with the ElevenLabs label set', () => {
    const [p] = previewAttributes(attrs('a deep, slow, older British man, warm and calm'));
    expect(designLabels(p!)).toEqual({
      gender: 'male',
      age: 'old',
      accent: 'british',
      descriptive: 'low, slow, calm, warm',
      use_case: 'generated',
    });
  });
});
