import { describe, expect, it } from 'vitest';
import { CONTEXT_WORDS, nextContext, previousContext } from './context';

describe('previousContext', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    ['', ''],
    ['  ... ', ''],
    ['We waited.', 'We waited.'],
    ['First part. Then we waited for the train to finally arrive.', 'for the train to finally arrive.'],
    ['It was Dr. Smith. He said', 'He said'],
    ['One two three   ', 'One two three'],
  ])('%j → %j', (input, expected) => {
    expect(previousContext(input)).toBe(expected);
  });
});

describe('nextContext', () => {
  it.each([
    [undefined, ''],
    ['', ''],
    ['   ', ''],
    ['and it was late.', 'and it was late.'],
    ['It was late. Everyone left.', 'It was late.'],
    ['  and then the whole crowd went home for good', 'and then the whole crowd went'],
    ['Mr. Jones came. Then', 'Mr. Jones came.'],
  ])('%j → %j', (input, expected) => {
    expect(nextContext(input)).toBe(expected);
  });

  it(`never takes more than ${CONTEXT_WORDS} words, however long the neighbour`, () => {
    const long = 'word '.repeat(5000);
    expect(nextContext(long).split(' ')).toHaveLength(CONTEXT_WORDS);
    expect(previousContext(long).split(' ')).toHaveLength(CONTEXT_WORDS);
  });
});
