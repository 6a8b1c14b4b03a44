/**
 * Reads an uploaded or pasted document into chapters of blocks (issue 12, decisions 130 and 170): plain
 * text, Markdown, HTML, EPUB, DOCX and PDF. Other types are refused with the list of accepted ones; a file
 * of an accepted type that cannot be read is a 400 `invalid_document`.
 */
import {
  chaptersOf,
  markdownElements,
  textElements,
  type DocChapter,
  type DocElement,
} from '@vocalis/domain/studio/document-chapters';
import { badRequest } from '../../errors';
import { docxElements, epubChapters, pdfDocumentElements } from './document-binary';
import { htmlElements } from './document-html';

export const ACCEPTED_DOCUMENTS = ['txt', 'md', 'html', 'epub', 'docx', 'pdf'] as const;
export type DocumentKind = (typeof ACCEPTED_DOCUMENTS)[number];
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

const BY_EXTENSION: Record<string, DocumentKind> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  epub: 'epub',
  docx: 'docx',
  pdf: 'pdf',
};
const BY_TYPE: [string, DocumentKind][] = [
  ['text/html', 'html'],
  ['application/xhtml+xml', 'html'],
  ['text/markdown', 'md'],
  ['text/plain', 'txt'],
  ['application/epub+zip', 'epub'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/pdf', 'pdf'],
];

/** The document's kind from its extension, else its media type; null when neither is accepted. */
export function documentKind(filename: string, mimetype: string): DocumentKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  return BY_TYPE.find(([t]) => mimetype.toLowerCase().startsWith(t))?.[1] ?? null;
}

function textOf(data: Buffer): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (text.includes('\u0000')) throw badRequest('The document is not a text file.', 'invalid_document');
  return text;
}

/** Chapters of an uploaded document; 400 for a type not accepted, a broken file or one without text. */
export async function documentChapters(
  file: { filename: string; mimetype: string; data: Buffer; truncated: boolean },
  fallbackName: string,
): Promise<DocChapter[]> {
  if (file.truncated || file.data.length > MAX_DOCUMENT_BYTES)
    throw badRequest('The document is larger than 10 MB.', 'document_too_large');
  const kind = documentKind(file.filename, file.mimetype);
  if (!kind)
    throw badRequest(
      `Unsupported document type '${file.filename}'. Accepted: ${ACCEPTED_DOCUMENTS.join(', ')}.`,
      'invalid_document',
    );
  let chapters: DocChapter[];
  if (kind === 'epub') chapters = epubChapters(file.data, fallbackName);
  else {
    const elements: DocElement[] =
      kind === 'docx'
        ? await docxElements(file.data)
        : kind === 'pdf'
          ? await pdfDocumentElements(file.data)
          : kind === 'html'
            ? htmlElements(textOf(file.data))
            : kind === 'md'
              ? markdownElements(textOf(file.data))
              : textElements(textOf(file.data));
    chapters = chaptersOf(elements, fallbackName);
  }
  if (!chapters.length) throw badRequest('The document has no text.', 'invalid_document');
  return chapters;
}

/** Pasted text, read like a .txt file. */
export function pastedChapters(text: string, fallbackName: string): DocChapter[] {
  return chaptersOf(textElements(text), fallbackName);
}
