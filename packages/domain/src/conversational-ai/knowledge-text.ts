/**
 * Knowledge-base text (decision 154): readable text from an HTML page or a Markdown file, and passages of
 * about `size` characters cut at paragraph and sentence ends for retrieval.
 */

/** Largest document text kept, in bytes of UTF-8 (any plan; documented in decision 154). */
export const MAX_DOCUMENT_BYTES = 2_000_000;
/** Largest uploaded file. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible text of an HTML document: scripts, styles and tags removed, blocks on their own lines. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template|head)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/(p|div|h[1-6]|li|tr|section|article|header|footer|br)\s*>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, e: string) => {
      if (e[0] === '#')
        return String.fromCodePoint(
          e[1]?.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
        );
      return ENTITIES[e.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n\n')
    .trim();
}

/** Plain text of Markdown: markup characters removed, paragraphs kept. */
export function markdownToText(md: string): string {
  return md
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*/g, ''))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/[*_`>]+/g, '')
    .trim();
}

/** Passages of at most about `size` characters, cut at paragraph, then sentence ends. */
export function chunkText(text: string, size = 800): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const pieces = paragraphs.flatMap((p) => (p.length <= size ? [p] : (p.match(/[^.!?]+[.!?]*\s*/g) ?? [p])));
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    for (let i = 0; i < piece.length; i += size) {
      const part = piece.slice(i, i + size).trim();
      if (current && current.length + part.length + 1 > size) {
        chunks.push(current);
        current = '';
      }
      current = current ? `${current} ${part}` : part;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
