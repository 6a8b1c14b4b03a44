import { describe, expect, it } from 'vitest';
import { toOriginalSpan } from './normalize';
import { breakSeconds, parseSsml } from './ssml';

describe('parseSsml', () => {
  it('turns breaks into pauses and keeps offsets back to the input', () => {
    const input = 'Hello <break time="1.5s"/> world.';
    const r = parseSsml(input);
    expect(r.text).toBe('Hello  world.');
    expect(r.pauses).toEqual([{ at: 6, seconds: 1.5 }]);
    const w = r.text.indexOf('world');
    expect(toOriginalSpan(r, w, w + 5)).toEqual([input.indexOf('world'), input.indexOf('world') + 5]);
  });

  it.each([
    ['<break time="500ms"/>', 0.5],
    ["<break time='2s' />", 2],
    ['<break time="10s"/>', 3],
    ['<break strength="strong"/>', 0.75],
    ['<break/>', 0.5],
    ['<break time="abc"/>', 0.5],
  ])('reads %s as %d s', (tag, seconds) => {
    expect(breakSeconds(tag)).toBe(seconds);
  });

  it('drops other SSML tags, decodes entities and leaves stray angle brackets alone', () => {
    const r = parseSsml(
      '<speak><prosody rate="slow">Tom &amp; Jerry</prosody> say 3 < 5 and a <b and c> d</speak>',
    );
    expect(r.text).toBe('Tom & Jerry say 3 < 5 and a <b and c> d');
    expect(r.pauses).toEqual([]);
  });
});
