/**
 * Snapshots (decision 131): every chapter conversion keeps a chapter snapshot and every project conversion a
 * project snapshot; they stay listed and playable after later conversions. The archive is a zip of the
 * project snapshot's chapter mp3s, named by the spec's ISBN rule when the project has an ISBN.
 */
import { isbnFileName, sanitizeFileName } from '@vocalis/domain/download-file-name';
import type { AppDb } from '../../db/client';
import { notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import type { FileStorage } from '../../storage/file-storage';
import { zipStore } from '../../lib/zip';
import { isConverted } from './conversion-fingerprint';
import type { StudioAccess } from './studio-access';
import { presentChapterSnapshot, presentProjectSnapshot } from './studio.presenter';
import * as repo from './studio.repo';

const snapshotNotFound = () => notFound('Snapshot not found.', 'snapshot_not_found');

export class StudioSnapshotsService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly access: StudioAccess,
  ) {}

  async listProject(caller: Principal, projectId: string) {
    const { project } = await this.access.project(caller, projectId);
    return { snapshots: (await repo.listSnapshots(this.db, project.id, null)).map(presentProjectSnapshot) };
  }

  async listChapter(caller: Principal, projectId: string, chapterId: string) {
    const { project, chapter } = await this.access.chapter(caller, projectId, chapterId);
    return {
      snapshots: (await repo.listSnapshots(this.db, project.id, chapter.id)).map(presentChapterSnapshot),
    };
  }

  private async find(caller: Principal, projectId: string, chapterId: string | null, id: string) {
    const { project } = chapterId
      ? await this.access.chapter(caller, projectId, chapterId)
      : await this.access.project(caller, projectId);
    const snap = await repo.findSnapshot(this.db, project.id, chapterId, id);
    if (!snap) throw snapshotNotFound();
    return { project, snap };
  }

  async getProject(caller: Principal, projectId: string, id: string) {
    const { snap } = await this.find(caller, projectId, null, id);
    return { ...presentProjectSnapshot(snap), character_alignments: [snap.alignment] };
  }

  async getChapter(caller: Principal, projectId: string, chapterId: string, id: string) {
    const { snap } = await this.find(caller, projectId, chapterId, id);
    return { ...presentChapterSnapshot(snap), character_alignments: [snap.alignment] };
  }

  /** The snapshot's mp3. */
  async audio(caller: Principal, projectId: string, chapterId: string | null, id: string) {
    const { snap } = await this.find(caller, projectId, chapterId, id);
    const file = await this.files.open(snap.audioPath);
    if (!file) throw snapshotNotFound();
    return file;
  }

  /** A block's audio from its last conversion (wav), while its text and voices are unchanged. */
  async blockAudio(caller: Principal, projectId: string, chapterId: string, blockId: string) {
    const { project, chapter } = await this.access.chapter(caller, projectId, chapterId);
    const block = (await repo.blocksOf(this.db, [chapter.id])).find((b) => b.id === blockId);
    if (!block) throw notFound('Block not found.', 'block_not_found');
    const file = isConverted(project)(block) ? await this.files.open(block.audioPath!) : null;
    if (!file)
      throw notFound('The block has not been converted since it last changed.', 'block_not_converted');
    return file;
  }

  /** The zip of a project snapshot's chapters, one mp3 each, with its file name. */
  async archive(
    caller: Principal,
    projectId: string,
    id: string,
  ): Promise<{ zip: Buffer; fileName: string }> {
    const { project, snap } = await this.find(caller, projectId, null, id);
    const chapters = await repo.snapshotsByIds(this.db, snap.chapterSnapshotIds);
    const names = new Map((await repo.listChapters(this.db, project.id)).map((c) => [c.id, c.name]));
    const byId = new Map(chapters.map((c) => [c.id, c]));
    const entries = [];
    for (const [i, cid] of snap.chapterSnapshotIds.entries()) {
      const c = byId.get(cid);
      const data = c && (await this.files.get(c.audioPath));
      if (!c || !data) continue;
      const n = String(i + 1).padStart(2, '0');
      entries.push({
        name: sanitizeFileName(`${n}_${names.get(c.chapterId!) ?? 'Chapter'}.mp3`),
        data,
        date: c.createdAt,
      });
    }
    const fileName =
      (project.isbnNumber && isbnFileName(project.isbnNumber, project.title, 'zip')) ||
      sanitizeFileName(`${project.name}.zip`);
    return { zip: zipStore(entries), fileName };
  }
}
