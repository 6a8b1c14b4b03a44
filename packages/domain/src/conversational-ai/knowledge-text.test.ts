import { describe, expect, it } from 'vitest';
import { chunkText, htmlToText, markdownToText } from './knowledge-text';

describe('htmlToText', () => {
  it('keeps visible text, drops scripts and styles, decodes entities', () => {
    const html =
      '<html><head><style>p{}</style><script>alert(1)</script></head><body><h1>Hours</h1><p>Open 9&nbsp;&amp;&#32;late &lt;b&gt;</p></body></html>';
    expect(htmlToText(html)).toBe('Hours\n\nOpen 9 & late <b>');
  });
});

describe('markdownToText', () => {
  it('removes markup and keeps link text', () => {
    expect(markdownToText('# Title\n\nSee **the** [docs](http://x).')).toBe('Title\n\nSee the docs.');
  });
});

describe('chunkText', () => {
  it('keeps short paragraphs together and cuts long ones at sentence ends', () => {
    const long = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkText(`Intro.\n\nSecond paragraph.\n\n${long}`, 200);
    expect(chunks[0]).toMatch(/^Intro. Second paragraph. Sentence number 0/);
    expect(chunks.every((c) => c.length <= 200)).toBe(true);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toContain('Sentence number 29 is here.');
  });

  it('gives nothing for empty text', () => {
    expect(chunkText('  \n\n ')).toEqual([]);
  });
});
