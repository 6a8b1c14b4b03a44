/**
 * Studio chapters (studio.projects.chapters.*, decision 130): list, read, add (blank or from a URL's article),
 * rename and replace their blocks (a block sent with its block_id keeps it, and its audio while unchanged),
 * delete. Every write is one transaction and is published on the live `chapter` collection.
 */
import type { ChapterContentInput } from '@vocalis/contracts/studio';
import type { AppDb } from '../../db/client';
import { newId } from '../../lib/ids';
import type { EventBus } from '../../live/event-bus';
import type { Principal } from '../../plugins/auth';
import { discardFiles } from '../../storage/file-deletion.job';
import { urlChapters } from './url-import';
import { chapterNotFound, type StudioAccess } from './studio-access';
import { draftsOf, rowsOf } from './studio-content';
import { isConverted } from './conversion-fingerprint';
import { presentChapter, presentChapterWithContent } from './studio.presenter';
import * as repo from './studio.repo';

/** A project's chapters in chapters_order, and all their blocks. */
export async function projectContent(db: AppDb, project: repo.ProjectRow) {
  const rows = await repo.listChapters(db, project.id);
  const pos = new Map(project.chaptersOrder.map((id, i) => [id, i]));
  const chapters = rows.sort((a, b) => (pos.get(a.id) ?? 1e9) - (pos.get(b.id) ?? 1e9));
  return {
    chapters,
    blocks: await repo.blocksOf(
      db,
      chapters.map((c) => c.id),
    ),
  };
}

export class StudioChaptersService {
  constructor(
    private readonly db: AppDb,
    private readonly bus: EventBus,
    private readonly access: StudioAccess,
    private readonly outbound: { allowPrivate: boolean } = { allowPrivate: false },
  ) {}

  private publishChapter(workspaceId: string, op: 'insert' | 'update' | 'delete', id: string) {
    this.bus.publish({
      collection: 'chapter',
      op,
      id,
      data: null,
      audience: { workspaceIds: [workspaceId] },
    });
  }

  async listChapters(caller: Principal, projectId: string) {
    const { project } = await this.access.project(caller, projectId);
    const { chapters, blocks } = await projectContent(this.db, project);
    return { chapters: chapters.map((c) => presentChapter(project, c, blocks, isConverted(project))) };
  }

  async getChapter(caller: Principal, projectId: string, chapterId: string) {
    const { project, chapter } = await this.access.chapter(caller, projectId, chapterId);
    const blocks = await repo.blocksOf(this.db, [chapter.id]);
    return presentChapterWithContent(project, chapter, blocks, isConverted(project));
  }

  async createChapter(
    caller: Principal,
    projectId: string,
    body: { name: string; from_url?: string | null },
  ) {
    const { ws, project } = await this.access.project(caller, projectId, 'edit');
    // A chapter from a URL holds the whole article (its headings stay title blocks).
    const imported = body.from_url
      ? draftsOf(await urlChapters(body.from_url, this.outbound.allowPrivate, body.name))
      : [];
    const now = Date.now();
    const { chapters, blocks } = rowsOf(
      [{ name: body.name, blocks: imported.flatMap((c) => c.blocks) }],
      project.id,
      ws.id,
      now,
    );
    const chapter = chapters[0]!;
    await this.db.transaction(async (tx) => {
      await repo.insertChapters(tx, [chapter]);
      await repo.insertBlocks(tx, blocks);
      await repo.updateProject(tx, project.id, {
        chaptersOrder: [...project.chaptersOrder, chapter.id],
        chaptersOrderChangedMs: now,
      });
    });
    this.publishChapter(ws.id, 'insert', chapter.id);
    return { chapter: await this.getChapter(caller, projectId, chapter.id) };
  }

  /** Renames and/or replaces the blocks: blocks sent with their block_id keep it (and their audio if unchanged). */
  async updateChapter(
    caller: Principal,
    projectId: string,
    chapterId: string,
    body: { name?: string | null; content?: ChapterContentInput | null },
  ) {
    const { ws, chapter } = await this.access.chapter(caller, projectId, chapterId, 'edit');
    if (body.content) {
      const blocks = body.content.blocks;
      await this.access.checkVoices(
        caller,
        blocks.flatMap((b) => b.nodes.map((n) => n.voice_id)),
      );
      const existing = await repo.blocksOf(this.db, [chapter.id]);
      const keep = new Map(existing.map((b) => [b.id, b]));
      const seen = new Set<string>();
      const plan = blocks.map((b) => {
        const id = b.block_id && keep.has(b.block_id) && !seen.has(b.block_id) ? b.block_id : newId();
        seen.add(id);
        return { id, b };
      });
      const gone = existing.filter((b) => !seen.has(b.id));
      await this.db.transaction(async (tx) => {
        await discardFiles(tx, await repo.blockFiles(tx, gone));
        await repo.deleteBlocks(
          tx,
          gone.map((b) => b.id),
        );
        for (const { id, b } of plan) {
          const nodes = b.nodes.map((n) => ({ text: n.text, voice_id: n.voice_id }));
          if (keep.has(id)) await repo.updateBlock(tx, id, { subType: b.sub_type ?? 'p', nodes });
          else
            await repo.insertBlocks(tx, [
              { id, chapterId: chapter.id, workspaceId: ws.id, subType: b.sub_type ?? 'p', nodes },
            ]);
        }
        await repo.updateChapter(tx, chapter.id, {
          blockIdsOrder: plan.map((p) => p.id),
          blockOrderChangedMs: Date.now(),
          ...(body.name && { name: body.name }),
        });
      });
    } else if (body.name) await repo.updateChapter(this.db, chapter.id, { name: body.name });
    this.publishChapter(ws.id, 'update', chapter.id);
    return { chapter: await this.getChapter(caller, projectId, chapterId) };
  }

  async deleteChapter(caller: Principal, projectId: string, chapterId: string) {
    const { ws, project, chapter } = await this.access.chapter(caller, projectId, chapterId, 'edit');
    await this.db.transaction(async (tx) => {
      const blocks = await repo.blocksOf(tx, [chapter.id]);
      const snaps = await repo.listSnapshots(tx, project.id, chapter.id);
      await discardFiles(tx, [...(await repo.blockFiles(tx, blocks)), ...snaps.map((s) => s.audioPath)]);
      if (!(await repo.deleteChapter(tx, project.id, chapter.id))) throw chapterNotFound();
      const fresh = await repo.findProjectById(tx, project.id);
      await repo.updateProject(tx, project.id, {
        chaptersOrder: fresh!.chaptersOrder.filter((id) => id !== chapter.id),
        chaptersOrderChangedMs: Date.now(),
      });
    });
    this.publishChapter(ws.id, 'delete', chapter.id);
    return { status: 'ok' as const };
  }
}
