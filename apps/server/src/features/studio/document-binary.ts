/**
 * Readers of the packaged document types (issue 12, decision 170): EPUB (a zip of XHTML files in the order
 * of its spine, read with fflate and the HTML reader), DOCX (mammoth turns Word's heading styles into h1-h6)
 * and PDF (unpdf, a build of Mozilla's pdf.js: positioned text lines laid out by `pdfElements`).
 */
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { chaptersOf, type DocChapter, type DocElement } from '@vocalis/domain/studio/document-chapters';
import { pdfElements, type PdfLine } from '@vocalis/domain/studio/pdf-layout';
import { AppError, badRequest } from '../../errors';
import { htmlElements } from './document-html';

/** Most bytes an EPUB may unpack to (a zip bomb is refused before it is inflated). */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** Most pages read from a PDF. */
export const MAX_PDF_PAGES = 2_000;

const unreadable = (kind: string) =>
  badRequest(`The file is not a readable ${kind} document.`, 'invalid_document');

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true });
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function unzipEpub(data: Buffer): Record<string, Uint8Array> {
  let total = 0;
  try {
    return unzipSync(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), {
      filter: (f) => {
        total += f.originalSize;
        if (total > MAX_UNPACKED_BYTES)
          throw badRequest('The EPUB unpacks to more than 50 MB.', 'document_too_large');
        return /\.(xml|opf|x?html?|ncx)$/i.test(f.name) || f.name === 'mimetype';
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('EPUB');
  }
}

/** EPUB: spine documents in order; their headings start chapters, or each document is one when none has any. */
export function epubChapters(data: Buffer, fallbackName: string): DocChapter[] {
  const files = unzipEpub(data);
  const text = (name: string) => (files[name] ? new TextDecoder().decode(files[name]) : null);
  const container = text('META-INF/container.xml');
  if (!container) throw unreadable('EPUB');
  const root = list(xml.parse(container)?.container?.rootfiles?.rootfile)[0] as
    { 'full-path'?: string } | undefined;
  const opfPath = root?.['full-path'];
  const opfText = opfPath ? text(opfPath) : null;
  if (!opfPath || !opfText) throw unreadable('EPUB');
  const pkg = xml.parse(opfText)?.package;
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const manifest = new Map<string, string>(
    list(pkg?.manifest?.item).map((i: { id: string; href: string }) => [i.id, i.href]),
  );
  const docs = list(pkg?.spine?.itemref)
    .map((r: { idref: string }) => manifest.get(r.idref))
    .filter((h): h is string => !!h)
    .map((href) => text(base + decodeURI(href.split('#')[0]!)))
    .filter((t): t is string => !!t)
    .map(htmlElements)
    .filter((els) => els.length > 0);
  if (!docs.length) throw badRequest('The document has no text.', 'invalid_document');
  if (docs.some((els) => els.some((e) => e.kind !== 'p'))) return chaptersOf(docs.flat(), fallbackName);
  return docs.map((blocks, i) => ({ name: docs.length === 1 ? fallbackName : `Chapter ${i + 1}`, blocks }));
}

/** DOCX: Word's Heading 1-3 styles are headings, other paragraphs are paragraphs. */
export async function docxElements(data: Buffer): Promise<DocElement[]> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: data })).value;
  } catch {
    throw unreadable('DOCX');
  }
  return htmlElements(html);
}

type TextItem = { str: string; transform: number[]; height: number; hasEOL?: boolean };

/** PDF: the text lines of every page (up to MAX_PDF_PAGES), laid out into headings and paragraphs. */
export async function pdfDocumentElements(data: Buffer): Promise<DocElement[]> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(data), { isEvalSupported: false });
  } catch {
    throw unreadable('PDF');
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES)
      throw badRequest(`The PDF has more than ${MAX_PDF_PAGES} pages.`, 'document_too_large');
    const lines: PdfLine[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      let cur: PdfLine | null = null;
      for (const raw of content.items as TextItem[]) {
        if (!('str' in raw)) continue;
        const size = raw.height || Math.hypot(raw.transform[2] ?? 0, raw.transform[3] ?? 0);
        const y = raw.transform[5] ?? 0;
        if (raw.str && (!cur || Math.abs(cur.y - y) > Math.max(cur.size, size) * 0.5)) {
          cur = { text: '', size, y, page: n };
          lines.push(cur);
        }
        if (cur && raw.str) {
          cur.text += raw.str;
          cur.size = Math.max(cur.size, size);
        }
        if (raw.hasEOL) cur = null;
      }
    }
    return pdfElements(lines);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('PDF');
  } finally {
    await pdf.destroy();
  }
}
