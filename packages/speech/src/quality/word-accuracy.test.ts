import { describe, expect, it } from 'vitest';
import { wordAccuracy, wordErrorRate, wordErrors, words } from './word-accuracy';

describe('words', () => {
  it.each([
    ['Hello, world!', ['hello', 'world']],
    ["Don't stop — it's fine.", ["don't", 'stop', "it's", 'fine']],
    ['“Quoted” ‘text’', ['quoted', 'text']],
    ['  ', []],
    ['Room 101 is open', ['room', '101', 'is', 'open']],
  ])('splits %j', (text, expected) => {
    expect(words(text)).toEqual(expected);
  });
});

describe('wordErrors', () => {
  it.each([
    ['the cat sat', 'the cat sat', [0, 0, 0]],
    ['the cat sat', 'the bat sat', [1, 0, 0]],
    ['the cat sat', 'the sat', [0, 1, 0]],
    ['the cat sat', 'the cat sat down', [0, 0, 1]],
    ['the cat sat', '', [0, 3, 0]],
    ['', 'noise', [0, 0, 1]],
    ['a b c d', 'x a b c', [0, 1, 1]],
    ['The Cat, sat.', 'the cat sat', [0, 0, 0]],
  ] as const)('%j vs %j', (ref, hyp, [s, d, i]) => {
    const e = wordErrors(ref, hyp);
    expect([e.substitutions, e.deletions, e.insertions]).toEqual([s, d, i]);
  });
});

describe('wordErrorRate', () => {
  it.each([
    ['one two three four', 'one two three four', 0],
    ['one two three four', 'one too three four', 0.25],
    ['one two', 'one two three four', 1],
    ['', '', 0],
    ['', 'x', 1],
  ])('%j vs %j is %d', (ref, hyp, wer) => {
    expect(wordErrorRate(ref, hyp)).toBeCloseTo(wer, 10);
  });
});

describe('wordAccuracy', () => {
  it('pools the errors of every utterance over all reference words', () => {
    expect(
      wordAccuracy([
        { reference: 'one two three four', hypothesis: 'one two three four' },
        { reference: 'five six seven eight nine ten', hypothesis: 'five sticks seven nine ten' },
      ]),
    ).toBeCloseTo(1 - 2 / 10, 10);
  });

  it('is never negative and is 1 for no reference words', () => {
    expect(wordAccuracy([{ reference: 'a', hypothesis: 'b c d e' }])).toBe(0);
    expect(wordAccuracy([])).toBe(1);
  });
});
