import { describe, expect, it } from 'vitest';
import { contentRange, parseByteRange } from './byte-range';

// RFC 9110 §14: one byte range of a 1000-byte file. Ends are inclusive.
describe('parseByteRange', () => {
  it.each([
    ['bytes=0-499', { start: 0, end: 499 }],
    ['bytes=500-999', { start: 500, end: 999 }],
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    // An end past the file is cut to its last byte.
    ['bytes=500-5000', { start: 500, end: 999 }],
    ['bytes=0-99999999999999999999999', { start: 0, end: 999 }],
    // Open-ended: to the end (what browsers send to seek).
    ['bytes=0-', { start: 0, end: 999 }],
    ['bytes=998-', { start: 998, end: 999 }],
    // Suffix: the last n bytes, all of them when n is larger than the file.
    ['bytes=-1', { start: 999, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-1000', { start: 0, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    // The unit is case-insensitive; whitespace around the range is allowed.
    ['Bytes=0-9', { start: 0, end: 9 }],
    ['bytes= 0-9 ', { start: 0, end: 9 }],
  ])('%s -> a partial answer', (header, range) => {
    expect(parseByteRange(header, 1000)).toEqual({ kind: 'partial', range });
  });

  it.each([
    ['bytes=1000-'],
    ['bytes=1000-1005'],
    ['bytes=5000-6000'],
    ['bytes=-0'],
    ['bytes=99999999999999999999999-'],
  ])('%s -> unsatisfiable', (header) => {
    expect(parseByteRange(header, 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    [undefined],
    [''],
    // Invalid or unsupported ranges are ignored: the whole file (RFC 9110 §14.2).
    ['bytes=500-400'],
    ['bytes=abc'],
    ['bytes=-'],
    ['bytes=1-2-3'],
    ['bytes=0x10-20'],
    ['bytes=+1-2'],
    ['bytes=1.5-2'],
    ['items=0-5'],
    ['0-5'],
    // Several ranges would need a multipart answer; the whole file is a valid answer too.
    ['bytes=0-1, 5-9'],
  ])('%s -> the whole file', (header) => {
    expect(parseByteRange(header, 1000)).toEqual({ kind: 'full' });
  });

  it('finds nothing to serve in an empty file', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange(undefined, 0)).toEqual({ kind: 'full' });
  });
});

describe('contentRange', () => {
  it('names the served bytes and the full size, or only the size when unsatisfiable', () => {
    expect(contentRange({ start: 0, end: 499 }, 1000)).toBe('bytes 0-499/1000');
    expect(contentRange(null, 1000)).toBe('bytes */1000');
  });
});
