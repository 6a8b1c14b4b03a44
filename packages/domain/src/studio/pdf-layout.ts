/**
 * Turns the text lines of a PDF (issue 12: "chapters and paragraphs detected, headings become title
 * blocks") into headings and paragraphs. A PDF has no structure, only positioned text, so the rules are
 * typographic: the body size is the size most characters are set in; a line set at least 1.2 times larger
 * is a heading (the largest such size h1, the next h2, the rest h3); a vertical gap wider than 1.5 body lines
 * ends a paragraph, and so does a page break after a sentence end.
 */
import type { BlockKind, DocElement } from './document-chapters';

/** One line of text as a PDF reader positions it: its font size and baseline (y grows upwards). */
export type PdfLine = { text: string; size: number; y: number; page: number };

/** Ratio of a heading's size to the body size. */
export const HEADING_SIZE_RATIO = 1.2;
/** A gap between baselines wider than this many body sizes starts a new paragraph. */
export const PARAGRAPH_GAP_LINES = 1.5;

/** The font size most characters are set in. */
export function bodySize(lines: PdfLine[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) {
    const s = Math.round(l.size * 2) / 2;
    chars.set(s, (chars.get(s) ?? 0) + l.text.length);
  }
  let best = 0;
  let most = -1;
  for (const [s, n] of chars) if (n > most || (n === most && s < best)) [best, most] = [s, n];
  return best;
}

/** Headings and paragraphs of a PDF's lines, in reading order. */
export function pdfElements(lines: PdfLine[]): DocElement[] {
  const kept = lines.filter((l) => l.text.trim());
  if (!kept.length) return [];
  const body = bodySize(kept);
  const headingSizes = [
    ...new Set(
      kept.filter((l) => l.size >= body * HEADING_SIZE_RATIO).map((l) => Math.round(l.size * 2) / 2),
    ),
  ].sort((a, b) => b - a);
  const levelOf = (size: number): BlockKind => {
    const i = headingSizes.indexOf(Math.round(size * 2) / 2);
    return i < 0 ? 'p' : (`h${Math.min(i + 1, 3)}` as BlockKind);
  };
  const out: DocElement[] = [];
  type Open = { kind: BlockKind; parts: string[]; last: PdfLine };
  let cur: Open | null = null;
  const flush = (open: Open | null) => {
    if (open) {
      const text = open.parts
        .join(' ')
        .replace(/-\s(?=[a-z])/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (text) out.push({ kind: open.kind, text });
    }
  };
  for (const line of kept) {
    const kind = levelOf(line.size);
    const prev: Open | null = cur;
    let continues = false;
    if (prev && prev.kind === kind) {
      if (prev.last.page === line.page)
        continues = prev.last.y - line.y <= Math.max(body, line.size) * PARAGRAPH_GAP_LINES;
      else continues = kind === 'p' && !/[.!?:"”’)]$/.test(prev.last.text.trim());
    }
    const open: Open = continues && prev ? prev : { kind, parts: [], last: line };
    if (open !== prev) flush(prev);
    open.parts.push(line.text.trim());
    open.last = line;
    cur = open;
  }
  flush(cur);
  return out;
}
