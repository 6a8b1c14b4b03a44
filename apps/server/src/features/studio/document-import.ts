/**
 * Reads an uploaded or pasted document into chapters of blocks (issue 12): plain text, Markdown and HTML
 * (parse5, the WHATWG parser). Other types are refused with the list of accepted ones.
 */
import { parse } from 'parse5';
import {
  chaptersOf,
  markdownElements,
  textElements,
  type DocChapter,
  type DocElement,
} from '@vocalis/domain/studio/document-chapters';
import { badRequest } from '../../errors';

export const ACCEPTED_DOCUMENTS = ['txt', 'md', 'html'] as const;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

type Node = { nodeName: string; value?: string; childNodes?: Node[]; tagName?: string };
const BLOCK_TAGS = new Set(['p', 'div', 'li', 'blockquote', 'section', 'article', 'br', 'tr', 'dd', 'dt', 'pre']);
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
    n.nodeName === '#text' ? (n.value ?? '') : SKIP.has(n.nodeName) ? '' : (n.childNodes ?? []).map(textOf).join('');
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

function extensionOf(filename: string, mimetype: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'txt' || ext === 'text') return 'txt';
  if (ext === 'md' || ext === 'markdown') return 'md';
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') return 'html';
  if (mimetype.startsWith('text/html')) return 'html';
  if (mimetype.startsWith('text/markdown')) return 'md';
  if (mimetype.startsWith('text/plain')) return 'txt';
  return null;
}

/** Chapters of an uploaded document; 400 for a type not accepted, a binary file or one without text. */
export function documentChapters(
  file: { filename: string; mimetype: string; data: Buffer; truncated: boolean },
  fallbackName: string,
): DocChapter[] {
  if (file.truncated || file.data.length > MAX_DOCUMENT_BYTES)
    throw badRequest('The document is larger than 10 MB.', 'document_too_large');
  const kind = extensionOf(file.filename, file.mimetype);
  if (!kind)
    throw badRequest(
      `Unsupported document type '${file.filename}'. Accepted: ${ACCEPTED_DOCUMENTS.join(', ')}.`,
      'invalid_document',
    );
  const text = new TextDecoder('utf-8', { fatal: false }).decode(file.data);
  if (text.includes('\u0000')) throw badRequest('The document is not a text file.', 'invalid_document');
  const elements = kind === 'html' ? htmlElements(text) : kind === 'md' ? markdownElements(text) : textElements(text);
  const chapters = chaptersOf(elements, fallbackName);
  if (!chapters.length) throw badRequest('The document has no text.', 'invalid_document');
  return chapters;
}

/** Pasted text, read like a .txt file. */
export function pastedChapters(text: string, fallbackName: string): DocChapter[] {
  return chaptersOf(textElements(text), fallbackName);
}
