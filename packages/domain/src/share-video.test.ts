import { describe, expect, it } from 'vitest';
import {
  estimatedVideoProgress,
  UNKNOWN_VIDEO_ERROR,
  videoErrorMessage,
  videoPreviewErrorMessage,
  videoTextLines,
} from './share-video';

describe('estimatedVideoProgress (130 ms per character, capped at 1)', () => {
  it.each([
    [0, 10, 0],
    [650, 10, 0.5],
    [1300, 10, 1],
    [5000, 10, 1],
    [130, 1, 1],
    [100, 0, 1],
    [-5, 10, 0],
  ])('%i ms for %i characters → %f', (elapsed, chars, expected) => {
    expect(estimatedVideoProgress(elapsed, chars)).toBeCloseTo(expected);
  });
});

describe('video messages', () => {
  it.each([
    ['Disk full', 'Error generating video: Disk full'],
    ['', UNKNOWN_VIDEO_ERROR],
    [undefined, 'Unknown error generating video'],
  ])('%s → %s', (message, expected) => {
    expect(videoErrorMessage(message)).toBe(expected);
  });
  it('names the preview', () => {
    expect(videoPreviewErrorMessage('boom')).toBe('Error generating video preview: boom');
  });
});

describe('videoTextLines', () => {
  it.each([
    ['Hello   world', 30, 6, ['Hello world']],
    ['one two three four', 9, 6, ['one two', 'three', 'four']],
    ['abcdefghijkl', 5, 6, ['abcde', 'fghij', 'kl']],
    ['a b c d e f', 1, 3, ['a', 'b', '…']],
    ['aa bb cc dd', 5, 1, ['aa b…']],
    ['', 30, 6, []],
  ])('%j at %i×%i', (text, width, maxLines, expected) => {
    expect(videoTextLines(text, width, maxLines)).toEqual(expected);
  });
});
