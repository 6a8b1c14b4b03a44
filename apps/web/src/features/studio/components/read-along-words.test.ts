import { describe, expect, it } from 'vitest';

import { wordAt, wordsOf } from './read-along-words';

const align = (text: string, step = 0.1) => ({
  characters: [...text],
  character_start_times_seconds: [...text].map((_, i) => i * step),
  character_end_times_seconds: [...text].map((_, i) => (i + 1) * step),
});

describe('read-along words', () => {
  it('groups characters into words with the times of their first and last character', () => {
    const w = wordsOf(align('Hi there.'));
    expect(w.map((x) => x.text)).toEqual(['Hi', 'there.']);
    expect(w[1]!.start).toBeCloseTo(0.3);
    expect(w[1]!.end).toBeCloseTo(0.9);
  });

  it('leaves pause markup out of the words', () => {
    expect(wordsOf(align('Wait <break time="1.0s" /> now.')).map((x) => x.text)).toEqual(['Wait', 'now.']);
  });

  it.each([
    [-1, -1],
    [0, 0],
    [0.25, 0],
    [0.31, 1],
    [5, 1],
  ])('at %s s the word being spoken is %s', (t, i) => {
    expect(wordAt(wordsOf(align('Hi there.')), t)).toBe(i);
  });
});
