import { describe, expect, it } from 'vitest';
import { bodySize, pdfElements, type PdfLine } from './pdf-layout';

const line = (text: string, size: number, y: number, page = 1): PdfLine => ({ text, size, y, page });

describe('pdfElements', () => {
  it('takes the size most characters are set in as the body size', () => {
    expect(
      bodySize([
        line('Title', 24, 700),
        line('A long line of body text here.', 12, 650),
        line('More body.', 12, 636),
      ]),
    ).toBe(12);
  });

  it('makes larger lines headings, the largest h1, and joins close lines into one paragraph', () => {
    const els = pdfElements([
      line('Chapter One', 24, 700),
      line('Part of the first', 16, 660),
      line('It was a dark and stormy night; the rain fell in', 12, 630),
      line('torrents, except at occasional intervals.', 12, 616),
      line('A second paragraph starts after a gap.', 12, 580),
    ]);
    expect(els).toEqual([
      { kind: 'h1', text: 'Chapter One' },
      { kind: 'h2', text: 'Part of the first' },
      {
        kind: 'p',
        text: 'It was a dark and stormy night; the rain fell in torrents, except at occasional intervals.',
      },
      { kind: 'p', text: 'A second paragraph starts after a gap.' },
    ]);
  });

  it('carries a paragraph over a page break unless the page ended a sentence', () => {
    const els = pdfElements([
      line('The sentence goes on', 12, 60, 1),
      line('over the page. Done.', 12, 750, 2),
      line('Next paragraph on page three.', 12, 750, 3),
    ]);
    expect(els.map((e) => e.text)).toEqual([
      'The sentence goes on over the page. Done.',
      'Next paragraph on page three.',
    ]);
  });

  it('joins words hyphenated at a line end and ignores empty lines', () => {
    expect(pdfElements([line('a hyphen-', 12, 100), line('', 12, 90), line('ated word.', 12, 86)])).toEqual([
      { kind: 'p', text: 'a hyphenated word.' },
    ]);
  });
});
