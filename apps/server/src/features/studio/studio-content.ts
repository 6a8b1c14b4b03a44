/**
 * Turns imported chapters or the SDK's content JSON into chapter and block rows (one transaction inserts
 * them), checking every voice a node names first.
 */
import { chapterContentInput } from '@vocalis/contracts/studio';
import type { DocChapter } from '@vocalis/domain/studio/document-chapters';
import { z } from 'zod';
import type { BlockNode, studioBlocks, studioChapters } from '../../db/schema/studio';
import { badRequest } from '../../errors';
import { newId } from '../../lib/ids';

export type ChapterDraft = {
  name: string;
  blocks: { sub_type: 'p' | 'h1' | 'h2' | 'h3'; nodes: BlockNode[]; block_id?: string | null }[];
};

const contentJson = z
  .array(z.object({ name: z.string().trim().min(1).max(200) }).extend(chapterContentInput.shape))
  .max(1000);

/** `from_content_json`: a JSON list of chapters `{name, blocks: [{sub_type, nodes: [{type, text, voice_id}]}]}`. */
export function parseContentJson(raw: string): ChapterDraft[] {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw badRequest('from_content_json is not valid JSON.', 'invalid_content');
  }
  const parsed = contentJson.safeParse(data);
  if (!parsed.success)
    throw badRequest(
      `from_content_json must be a list of chapters {name, blocks: [{sub_type, nodes: [{type: "tts_node", text, voice_id}]}]}: ${parsed.error.issues[0]?.message ?? ''}`,
      'invalid_content',
    );
  return parsed.data.map((c) => ({
    name: c.name,
    blocks: c.blocks.map((b) => ({
      sub_type: b.sub_type ?? 'p',
      nodes: b.nodes.map((n) => ({ text: n.text, voice_id: n.voice_id })),
    })),
  }));
}

/** Imported document chapters: every block speaks with the project's default voice for its kind. */
export function draftsOf(chapters: DocChapter[]): ChapterDraft[] {
  return chapters.map((c) => ({
    name: c.name,
    blocks: c.blocks.map((b) => ({ sub_type: b.kind, nodes: [{ text: b.text, voice_id: null }] })),
  }));
}

export function voicesNamed(drafts: ChapterDraft[]): string[] {
  return [
    ...new Set(
      drafts.flatMap((c) =>
        c.blocks.flatMap((b) => b.nodes.flatMap((n) => (n.voice_id ? [n.voice_id] : []))),
      ),
    ),
  ];
}

/** Rows for the drafts, in order; `nowMs` stamps the block order. */
export function rowsOf(drafts: ChapterDraft[], projectId: string, workspaceId: string, nowMs: number) {
  const chapters: (typeof studioChapters.$inferInsert)[] = [];
  const blocks: (typeof studioBlocks.$inferInsert)[] = [];
  const base = Date.now();
  drafts.forEach((d, i) => {
    const chapterId = newId();
    const ids: string[] = [];
    for (const b of d.blocks) {
      const id = newId();
      ids.push(id);
      blocks.push({ id, chapterId, workspaceId, subType: b.sub_type, nodes: b.nodes });
    }
    chapters.push({
      id: chapterId,
      projectId,
      workspaceId,
      name: d.name,
      blockIdsOrder: ids,
      blockOrderChangedMs: nowMs,
      // Distinct creation times keep the chapters' natural order.
      createdAt: new Date(base + i),
    });
  });
  return { chapters, blocks };
}
