/**
 * Splits an imported document into chapters of blocks (issue 12: "chapters and paragraphs detected,
 * headings become title blocks"). The input is a flat list of elements, each a heading (level 1-3) or a
 * paragraph, as the text, Markdown and HTML readers produce it.
 */

export type BlockKind = 'p' | 'h1' | 'h2' | 'h3';
export type DocElement = { kind: BlockKind; text: string };
export type DocChapter = { name: string; blocks: DocElement[] };

/** Longest block text kept; longer paragraphs are split at sentence ends. */
export const MAX_BLOCK_CHARACTERS = 2_000;

const CHAPTER_LINE =
  /^(chapter|part|book|prologue|epilogue|preface|introduction|afterword|interlude)\b[\s\w.:'’-]{0,80}$/i;

/** Plain text: blank lines separate paragraphs; a short line like "Chapter 3" or "Prologue" is a heading. */
export function textElements(text: string): DocElement[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map((p) => (CHAPTER_LINE.test(p) ? { kind: 'h1' as const, text: p } : { kind: 'p' as const, text: p }));
}

/** Markdown: `#`, `##`, `###` (and setext underlines) are headings; inline marks are removed. */
export function markdownElements(md: string): DocElement[] {
  const out: DocElement[] = [];
  let para: string[] = [];
  const flush = () => {
    const text = stripInline(para.join(' ')).trim();
    if (text) out.push({ kind: 'p', text });
    para = [];
  };
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const atx = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const next = lines[i + 1] ?? '';
    if (atx) {
      flush();
      const level = Math.min(atx[1]!.length, 3);
      const text = stripInline(atx[2]!).trim();
      if (text) out.push({ kind: `h${level}` as BlockKind, text });
    } else if (line.trim() && /^\s{0,3}(=+|-+)\s*$/.test(next) && para.length === 0) {
      const text = stripInline(line).trim();
      out.push({ kind: next.trim().startsWith('=') ? 'h1' : 'h2', text });
      i++;
    } else if (!line.trim() || /^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) flush();
    else para.push(line.replace(/^\s{0,3}(>\s?|[-*+]\s+|\d+[.)]\s+)/, '').trim());
  }
  flush();
  return out;
}

function stripInline(s: string): string {
  return s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
    .replace(/<[^>]+>/g, '');
}

/** Splits a paragraph longer than MAX_BLOCK_CHARACTERS at sentence ends (or spaces). */
export function splitLongText(text: string, max = MAX_BLOCK_CHARACTERS): string[] {
  if (text.length <= max) return [text];
  const sentences = text.match(/[^.!?]+[.!?]+["'”’)]*\s*|[^.!?]+$/g) ?? [text];
  const out: string[] = [];
  let cur = '';
  for (const s of sentences) {
    if (cur && cur.length + s.length > max) {
      out.push(cur.trim());
      cur = '';
    }
    if (s.length > max) {
      for (let i = 0; i < s.length; i += max) out.push(s.slice(i, i + max).trim());
    } else cur += s;
  }
  if (cur.trim()) out.push(cur.trim());
  return out.filter(Boolean);
}

/**
 * Chapters: each heading of the top level the document uses starts a chapter named by it and stays as its
 * first (title) block; text before the first such heading, or a document without headings, is one chapter
 * named `fallbackName`.
 */
export function chaptersOf(elements: DocElement[], fallbackName: string): DocChapter[] {
  const levels = elements.filter((e) => e.kind !== 'p').map((e) => Number(e.kind.slice(1)));
  const top = levels.length ? Math.min(...levels) : 0;
  const chapters: DocChapter[] = [];
  let cur: DocChapter | null = null;
  for (const e of elements) {
    if (e.kind !== 'p' && Number(e.kind.slice(1)) === top) {
      cur = { name: e.text.slice(0, 200), blocks: [e] };
      chapters.push(cur);
      continue;
    }
    if (!cur) {
      cur = { name: fallbackName, blocks: [] };
      chapters.push(cur);
    }
    for (const text of e.kind === 'p' ? splitLongText(e.text) : [e.text]) cur.blocks.push({ kind: e.kind, text });
  }
  return chapters.filter((c) => c.blocks.length > 0);
}
