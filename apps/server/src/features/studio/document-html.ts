/** HTML (parse5, the WHATWG parser) read into headings and paragraphs; EPUB and DOCX end here too. */
import { parse } from 'parse5';
import type { DocElement } from '@vocalis/domain/studio/document-chapters';

type Node = { nodeName: string; value?: string; childNodes?: Node[]; tagName?: string };
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'li',
  'blockquote',
  'section',
  'article',
  'br',
  'tr',
  'dd',
  'dt',
  'pre',
]);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'nav', 'svg', 'iframe']);

/** HTML: h1-h3 are headings (h4-h6 count as h3); paragraphs and other block elements are paragraphs. */
export function htmlElements(html: string): DocElement[] {
  const out: DocElement[] = [];
  let buf = '';
  const flush = () => {
    const text = buf.replace(/\s+/g, ' ').trim();
    if (text) out.push({ kind: 'p', text });
    buf = '';
  };
  const textOf = (n: Node): string =>
    n.nodeName === '#text'
      ? (n.value ?? '')
      : SKIP.has(n.nodeName)
        ? ''
        : (n.childNodes ?? []).map(textOf).join('');
  const walk = (n: Node) => {
    if (SKIP.has(n.nodeName)) return;
    if (n.nodeName === '#text') {
      buf += n.value ?? '';
      return;
    }
    const h = /^h([1-6])$/.exec(n.nodeName);
    if (h) {
      flush();
      const text = textOf(n).replace(/\s+/g, ' ').trim();
      if (text) out.push({ kind: `h${Math.min(Number(h[1]), 3)}` as DocElement['kind'], text });
      return;
    }
    const block = BLOCK_TAGS.has(n.nodeName);
    if (block) flush();
    for (const c of n.childNodes ?? []) walk(c);
    if (block) flush();
  };
  walk(parse(html) as unknown as Node);
  flush();
  return out;
}
