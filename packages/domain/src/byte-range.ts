/**
 * Single byte ranges of a stored file (RFC 9110 §14), so audio players can seek: `Range: bytes=a-b`,
 * `bytes=a-` and `bytes=-n`. Ends are inclusive, as in the header.
 */

/** Bytes start..end of a file, both inclusive. */
export type ByteRange = { start: number; end: number };

/**
 * What to answer: the whole file (200: no Range header, or one that is invalid, of another unit, or
 * asks for several ranges, which a server may ignore), one part (206) or nothing (416).
 */
export type ByteRangeAnswer =
  { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=\s*(\d*)-(\d*)\s*$/i;

/** A digit string as a number; one past the safe integers counts as infinitely large. */
const toNumber = (digits: string) => {
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : Infinity;
};

/** The answer to a `Range` header for a file of `size` bytes. */
export function parseByteRange(header: string | undefined, size: number): ByteRangeAnswer {
  const match = header === undefined ? null : SINGLE.exec(header);
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // Suffix range: the last n bytes.
    const length = toNumber(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = toNumber(first);
  const end = last === '' ? Infinity : toNumber(last);
  if (end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}

/** The Content-Range value: `bytes a-b/size` for a part, `bytes *\/size` for an unsatisfiable range. */
export function contentRange(range: ByteRange | null, size: number): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}
