/**
 * `from_url` (issue 12, decision 170): fetches the page through `publicFetch` (http and https only, no
 * private addresses unless OUTBOUND_ALLOW_PRIVATE), at most MAX_URL_BYTES, and extracts the article with
 * Mozilla's Readability over linkedom's DOM. A URL that serves a document (epub, docx, pdf, txt, md) is read
 * like an uploaded file.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { chaptersOf, type DocChapter } from '@vocalis/domain/studio/document-chapters';
import { AppError, badRequest } from '../../errors';
import { isPrivateAddressRefusal, publicFetch } from '../../lib/public-fetch';
import { documentChapters, documentKind } from './document-import';
import { htmlElements } from './document-html';

/** Most bytes read from a URL. */
export const MAX_URL_BYTES = 10 * 1024 * 1024;
/** Schemes a URL may have. */
export const URL_SCHEMES = ['http:', 'https:'] as const;
const TIMEOUT_MS = 20_000;

const tooLarge = () => badRequest('The page at the URL is larger than 10 MB.', 'document_too_large');

/** The URL's bytes and media type; 400 for another scheme, a private address, an error answer or too many bytes. */
export async function fetchUrl(
  url: string,
  allowPrivate: boolean,
): Promise<{ data: Buffer; type: string; url: URL }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('from_url must be an http or https URL.', 'invalid_url');
  }
  if (!(URL_SCHEMES as readonly string[]).includes(parsed.protocol))
    throw badRequest('from_url must be an http or https URL.', 'invalid_url');
  let res: Response;
  try {
    res = await publicFetch(parsed, { allowPrivate, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    if (isPrivateAddressRefusal(err))
      throw badRequest(
        'from_url must be a public address: private, loopback and link-local addresses are refused.',
        'url_refused',
      );
    throw badRequest(`The page at ${parsed.href} could not be fetched.`, 'url_unreachable');
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw badRequest(`The page at ${parsed.href} answered HTTP ${res.status}.`, 'url_unreachable');
  }
  if (Number(res.headers.get('content-length') ?? 0) > MAX_URL_BYTES) {
    await res.body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.length;
    if (size > MAX_URL_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return { data: Buffer.concat(chunks), type: res.headers.get('content-type') ?? '', url: parsed };
}

/** The article of an HTML page: Readability's content, its title as the first heading when it has none. */
export function articleChapters(html: string, fallbackName: string): DocChapter[] {
  const { document } = parseHTML(html);
  const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  const elements = htmlElements(article?.content ?? html);
  const title = article?.title?.trim() || document.title?.trim();
  if (title && !elements.some((e) => e.kind !== 'p')) elements.unshift({ kind: 'h1', text: title });
  return chaptersOf(elements, title || fallbackName);
}

/** Chapters of the article or document at `url`. */
export async function urlChapters(
  url: string,
  allowPrivate: boolean,
  fallbackName: string,
): Promise<DocChapter[]> {
  const { data, type, url: parsed } = await fetchUrl(url, allowPrivate);
  const fileName = decodeURIComponent(parsed.pathname.split('/').pop() ?? '');
  const kind = type.includes('html') ? 'html' : documentKind(fileName, type);
  if (!kind)
    throw badRequest(
      `The URL serves '${type || 'an unknown type'}', which is not a page or a document.`,
      'invalid_document',
    );
  if (kind !== 'html')
    return documentChapters(
      { filename: fileName || `page.${kind}`, mimetype: type, data, truncated: false },
      fallbackName,
    );
  try {
    const chapters = articleChapters(data.toString('utf8'), fallbackName);
    if (!chapters.length) throw badRequest('The page has no article text.', 'invalid_document');
    return chapters;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('The page could not be read.', 'invalid_document');
  }
}
