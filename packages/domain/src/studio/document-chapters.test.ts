import { describe, expect, it } from 'vitest';
import { chaptersOf, markdownElements, splitLongText, textElements } from './document-chapters';

describe('document chapters', () => {
  it('reads plain text paragraphs and chapter lines', () => {
    const els = textElements('Chapter 1\n\nIt was a dark\nnight.\n\nThe end came.\r\n\r\nChapter 2: Dawn\n\nMorning.');
    expect(els).toEqual([
      { kind: 'h1', text: 'Chapter 1' },
      { kind: 'p', text: 'It was a dark night.' },
      { kind: 'p', text: 'The end came.' },
      { kind: 'h1', text: 'Chapter 2: Dawn' },
      { kind: 'p', text: 'Morning.' },
    ]);
    const chapters = chaptersOf(els, 'Book');
    expect(chapters.map((c) => c.name)).toEqual(['Chapter 1', 'Chapter 2: Dawn']);
    expect(chapters[0]!.blocks[0]).toEqual({ kind: 'h1', text: 'Chapter 1' });
  });
  it('puts text without headings in one chapter with the fallback name', () => {
    expect(chaptersOf(textElements('One.\n\nTwo.'), 'Chapter 1')).toEqual([
      { name: 'Chapter 1', blocks: [{ kind: 'p', text: 'One.' }, { kind: 'p', text: 'Two.' }] },
    ]);
  });
  it('reads markdown headings, setext headings and inline marks', () => {
    const els = markdownElements('# The **Book**\n\nSome *text* [link](http://x).\n\n## Part\n\n- item\n\nTitle\n=====\nBody');
    expect(els).toEqual([
      { kind: 'h1', text: 'The Book' },
      { kind: 'p', text: 'Some text link.' },
      { kind: 'h2', text: 'Part' },
      { kind: 'p', text: 'item' },
      { kind: 'h1', text: 'Title' },
      { kind: 'p', text: 'Body' },
    ]);
    const ch = chaptersOf(els, 'x');
    expect(ch.map((c) => c.name)).toEqual(['The Book', 'Title']);
    expect(ch[0]!.blocks.map((b) => b.kind)).toEqual(['h1', 'p', 'h2', 'p']);
  });
  it('uses the highest heading level present for chapters', () => {
    expect(chaptersOf(markdownElements('Intro.\n\n## A\n\nx\n\n## B\n\ny'), 'Start').map((c) => c.name)).toEqual([
      'Start',
      'A',
      'B',
    ]);
  });
  it('splits long paragraphs at sentence ends', () => {
    const s = 'This is one sentence. '.repeat(200);
    const parts = splitLongText(s, 500);
    expect(parts.every((p) => p.length <= 500)).toBe(true);
    expect(parts.join(' ').replace(/\s+/g, ' ')).toBe(s.trim());
  });
});
