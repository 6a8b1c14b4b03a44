/**
 * Exports (issue 12, decision 172): a chapter's mp3, the whole project as one mp3, or a zip of the chapter
 * mp3s, all from each chapter's latest snapshot, with ACX levels when asked (or when the project's
 * `acx_volume_normalization` is set). File names follow the spec's ISBN rule when the project has an ISBN.
 */
import { isbnFileName, sanitizeFileName } from '@vocalis/domain/download-file-name';
import { measureLevels, toAcx, type Levels } from '@vocalis/domain/studio/acx';
import { encodeAudio } from '@vocalis/speech/audio/encode';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import type { AppDb } from '../../db/client';
import { AppError } from '../../errors';
import type { Principal } from '../../plugins/auth';
import type { FileStorage } from '../../storage/file-storage';
import { zipStore } from '../../lib/zip';
import type { StudioAccess } from './studio-access';
import * as repo from './studio.repo';

const RATE = 44_100;
/** Silence between chapters in the single-file export. */
const CHAPTER_GAP_SECONDS = 1;
/** ACX asks for 0.5-1 s of room tone at the head and 1-5 s at the tail of every file. */
const ACX_HEAD_SECONDS = 0.75;
const ACX_TAIL_SECONDS = 2;

export type Export = { data: Uint8Array; fileName: string; type: string; levels: Levels | null };

const notConverted = (what: string) =>
  new AppError(409, 'not_converted', `${what} has not been converted yet; convert it first.`);

const toFloat = (pcm: Int16Array) => Float32Array.from(pcm, (s) => s / 32768);
const toInt16 = (x: Float32Array) =>
  Int16Array.from(x, (s) => Math.max(-32768, Math.min(32767, Math.round(s * 32768))));

export class StudioExportService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly access: StudioAccess,
  ) {}

  /** The chapters in order with the samples of their latest snapshot; chapters without text are left out. */
  private async chapterAudio(project: repo.ProjectRow, only: string | null) {
    const chapters = (await repo.listChapters(this.db, project.id)).filter((c) => !only || c.id === only);
    const order = new Map(project.chaptersOrder.map((id, i) => [id, i]));
    chapters.sort((a, b) => (order.get(a.id) ?? 1e9) - (order.get(b.id) ?? 1e9));
    const blocks = await repo.blocksOf(
      this.db,
      chapters.map((c) => c.id),
    );
    const out: { number: number; name: string; samples: Float32Array }[] = [];
    for (const [i, c] of chapters.entries()) {
      const hasText = blocks.some((b) => b.chapterId === c.id && b.nodes.some((n) => n.text.trim()));
      const [latest] = await repo.listSnapshots(this.db, project.id, c.id);
      if (!latest) {
        if (!hasText) continue;
        throw notConverted(`The chapter '${c.name}'`);
      }
      const mp3 = await this.files.get(latest.audioPath);
      if (!mp3) throw notConverted(`The chapter '${c.name}'`);
      out.push({ number: i + 1, name: c.name, samples: toFloat(await decodeAudio(mp3, RATE)) });
    }
    if (!out.length) throw notConverted('The project');
    return out;
  }

  private async encode(
    samples: Float32Array,
    acx: boolean,
  ): Promise<{ data: Uint8Array; levels: Levels | null }> {
    if (!acx) return { data: await encodeAudio(toInt16(samples), RATE, 'mp3_44100_128'), levels: null };
    const padded = new Float32Array(
      Math.round(RATE * ACX_HEAD_SECONDS) + samples.length + Math.round(RATE * ACX_TAIL_SECONDS),
    );
    padded.set(samples, Math.round(RATE * ACX_HEAD_SECONDS));
    // Levels are set on the padded file: ACX measures the RMS of the whole file, room tone included.
    const data = await encodeAudio(toInt16(toAcx(padded, RATE)), RATE, 'mp3_44100_192');
    // The levels reported are those of the mp3 as a player decodes it, not of the samples before encoding.
    return { data, levels: measureLevels(toFloat(await decodeAudio(data, RATE)), RATE) };
  }

  private names(project: repo.ProjectRow) {
    const isbn = project.isbnNumber;
    return {
      whole: (format: 'mp3' | 'zip') =>
        (isbn && isbnFileName(isbn, project.title, format)) || sanitizeFileName(`${project.name}.${format}`),
      chapter: (n: number, name: string) => {
        const nn = String(n).padStart(2, '0');
        return (
          (isbn && isbnFileName(isbn, `${project.title ?? ''} ${nn}`, 'mp3')) ||
          sanitizeFileName(`${nn}_${name}.mp3`)
        );
      },
    };
  }

  /** One chapter's mp3. */
  async chapter(
    caller: Principal,
    projectId: string,
    chapterId: string,
    acx: boolean | undefined,
  ): Promise<Export> {
    const { project, chapter } = await this.access.chapter(caller, projectId, chapterId);
    const [c] = await this.chapterAudio(project, chapter.id);
    const number = project.chaptersOrder.indexOf(chapter.id) + 1 || 1;
    const { data, levels } = await this.encode(c!.samples, acx ?? project.acxVolumeNormalization);
    return { data, levels, type: 'audio/mpeg', fileName: this.names(project).chapter(number, c!.name) };
  }

  /** The project as one mp3 (chapters 1 s apart) or as a zip of one mp3 per chapter. */
  async project(
    caller: Principal,
    projectId: string,
    format: 'mp3' | 'zip',
    acx: boolean | undefined,
  ): Promise<Export> {
    const { project } = await this.access.project(caller, projectId);
    const useAcx = acx ?? project.acxVolumeNormalization;
    const chapters = await this.chapterAudio(project, null);
    const names = this.names(project);
    if (format === 'zip') {
      const entries = [];
      for (const c of chapters)
        entries.push({
          name: names.chapter(c.number, c.name),
          data: (await this.encode(c.samples, useAcx)).data,
        });
      return { data: zipStore(entries), levels: null, type: 'application/zip', fileName: names.whole('zip') };
    }
    const gap = Math.round(RATE * CHAPTER_GAP_SECONDS);
    const all = new Float32Array(
      chapters.reduce((n, c) => n + c.samples.length, 0) + gap * (chapters.length - 1),
    );
    let at = 0;
    for (const c of chapters) {
      all.set(c.samples, at);
      at += c.samples.length + gap;
    }
    const { data, levels } = await this.encode(all, useAcx);
    return { data, levels, type: 'audio/mpeg', fileName: names.whole('mp3') };
  }
}
