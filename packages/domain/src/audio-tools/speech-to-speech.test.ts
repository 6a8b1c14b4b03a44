import { describe, expect, it } from 'vitest';
import { MAX_STS_SECONDS, stsCharacters, stsRefusals } from './speech-to-speech';

describe('speech-to-speech charge', () => {
  it.each([
    [0, 0],
    [0.2, 17], // one started second
    [1, 17],
    [1.01, 34],
    [6, 100],
    [60, 1000],
    [MAX_STS_SECONDS, 5000],
  ])('charges %s s of input %s characters', (seconds, characters) => {
    expect(stsCharacters(seconds)).toBe(characters);
  });
});

describe('speech-to-speech refusals', () => {
  it('names the longest input it converts', () => {
    expect(stsRefusals.tooLong(312.4)).toEqual({
      status: 400,
      code: 'audio_too_long',
      message: 'The audio is 312 s long; at most 300 s can be converted at once.',
    });
  });
  it('answers 413 for a file over 50 MB', () => {
    expect(stsRefusals.tooLarge().status).toBe(413);
    expect(stsRefusals.tooLarge().message).toBe('The audio is larger than 50 MB.');
  });
});
