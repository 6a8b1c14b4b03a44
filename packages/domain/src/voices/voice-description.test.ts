import { describe, expect, it } from 'vitest';
import { parseVoiceDescription } from './voice-description';

describe('parseVoiceDescription', () => {
  it('reads the issue example into every attribute and leaves no word unused', () => {
    const p = parseVoiceDescription('a deep, slow, older British man, warm and calm');
    expect(p.attributes).toEqual({
      pitch: 'low',
      pace: 'slow',
      age: 'old',
      accent: 'british',
      gender: 'male',
      tone: 'warm',
      energy: 'calm',
    });
    expect(p.unused).toEqual([]);
    expect(p.understood.map((u) => u.word)).toEqual([
      'deep',
      'slow',
      'older',
      'british',
      'man',
      'warm',
      'calm',
    ]);
  });

  it.each([
    ['A young woman', { gender: 'female', age: 'young' }],
    ['an elderly Scottish gentleman', { gender: 'male', age: 'old', accent: 'scottish' }],
    ['middle-aged American narrator', { age: 'middle_aged', accent: 'american' }],
    ['a girl', { gender: 'female', age: 'young' }],
    ['grandpa telling stories', { gender: 'male', age: 'old' }],
    ['very deep and very fast', { pitch: 'very_low', pace: 'very_fast' }],
    ['high-pitched, bubbly and crisp', { pitch: 'high', energy: 'energetic', tone: 'bright' }],
    ['low pitched laid-back voice', { pitch: 'low', energy: 'calm' }],
    ['quick, excited, bright', { pace: 'fast', energy: 'energetic', tone: 'bright' }],
  ] as const)('reads %j', (text, attributes) => {
    expect(parseVoiceDescription(text).attributes).toEqual(attributes);
  });

  it('does not read "aged" in "middle-aged" as old', () => {
    expect(parseVoiceDescription('a middle-aged woman').attributes.age).toBe('middle_aged');
  });

  it('lists the words it did not use, once each and in order, without filler', () => {
    const p = parseVoiceDescription('A raspy pirate with a raspy Australian accent, very mysterious');
    expect(p.unused).toEqual(['raspy', 'pirate', 'australian', 'mysterious']);
    expect(p.attributes).toEqual({});
  });

  it('lets a later word win when two set the same attribute', () => {
    const p = parseVoiceDescription('a fast talker who becomes slow');
    expect(p.attributes.pace).toBe('slow');
    expect(p.unused).toEqual(['talker', 'becomes']);
  });

  it('reports an intensified word with its intensifier', () => {
    expect(parseVoiceDescription('extremely high').understood).toEqual([
      { word: 'extremely high', attribute: 'pitch', value: 'very_high' },
    ]);
  });

  it('understands nothing in an empty description', () => {
    expect(parseVoiceDescription('  ,, ')).toEqual({ attributes: {}, understood: [], unused: [] });
  });
});
