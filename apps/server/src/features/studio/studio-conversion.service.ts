/**
 * Conversion (decision 131): converting a chapter or the whole project is a background job that speaks each
 * block whose fingerprint changed with the text-to-speech service (characters charged like text to speech),
 * keeps each block's audio, joins a chapter into an mp3 snapshot (and the chapters into a project snapshot),
 * and reports progress over live updates.
 */
import { encodeAudio } from '@vocalis/speech/audio/encode';
import { decodeWav } from '@vocalis/speech/audio/wav';
import type { AppDb } from '../../db/client';
import type { StoredAlignment } from '../../db/schema/studio';
import { AppError, badRequest } from '../../errors';
import { newId } from '../../lib/ids';
import type { EventBus } from '../../live/event-bus';
import { enqueue } from '../../jobs/queue';
import type { Principal } from '../../plugins/auth';
import type { FileStorage } from '../../storage/file-storage';
import { isConverted, voiceOf } from './conversion-fingerprint';
import { type BlockSpeech, EMPTY_ALIGNMENT, STUDIO_RATE } from './studio-block-speech';
import { chapterNotFound, type StudioAccess } from './studio-access';
import { studioConvertSpec, type StudioConvertPayload } from './studio-jobs';
import { orderedBlocks, presentChapter, presentProject } from './studio.presenter';
import * as repo from './studio.repo';

/** Silence between blocks, seconds. */
const GAP_SECONDS = 0.4;

/** Joins PCM pieces with `gap` seconds of silence between them and their alignments shifted to match. */
function join(parts: { pcm: Int16Array; alignment: StoredAlignment }[], gap = GAP_SECONDS) {
  const gapN = Math.round(gap * STUDIO_RATE);
  const total = parts.reduce((n, p) => n + p.pcm.length, 0) + gapN * Math.max(0, parts.length - 1);
  const pcm = new Int16Array(total);
  const al: StoredAlignment = {
    characters: [],
    character_start_times_seconds: [],
    character_end_times_seconds: [],
  };
  let at = 0;
  parts.forEach((p, i) => {
    if (i > 0) {
      al.characters.push(' ');
      al.character_start_times_seconds.push(at / STUDIO_RATE);
      al.character_end_times_seconds.push((at + gapN) / STUDIO_RATE);
      at += gapN;
    }
    pcm.set(p.pcm, at);
    const off = at / STUDIO_RATE;
    al.characters.push(...p.alignment.characters);
    al.character_start_times_seconds.push(...p.alignment.character_start_times_seconds.map((t) => t + off));
    al.character_end_times_seconds.push(...p.alignment.character_end_times_seconds.map((t) => t + off));
    at += p.pcm.length;
  });
  return { pcm, alignment: al, seconds: total / STUDIO_RATE };
}

export class StudioConversionService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly bus: EventBus,
    private readonly access: StudioAccess,
    private readonly speech: BlockSpeech,
  ) {}

  private publish(p: repo.ProjectRow, chapter?: { row: repo.ChapterRow; blocks: repo.BlockRow[] }) {
    const audience = { workspaceIds: [p.workspaceId] };
    this.bus.publish({ collection: 'project', op: 'update', id: p.id, data: presentProject(p), audience });
    if (chapter)
      this.bus.publish({
        collection: 'chapter',
        op: 'update',
        id: chapter.row.id,
        data: { project_id: p.id, ...presentChapter(p, chapter.row, chapter.blocks, isConverted(p)) },
        audience,
      });
  }

  /** Queues the conversion of some chapters (all of them for the project). */
  async convert(caller: Principal, projectId: string, chapterId: string | null) {
    const { project } = await this.access.project(caller, projectId, 'edit');
    const chapters = await repo.listChapters(this.db, project.id);
    const ids = chapterId
      ? chapters.filter((c) => c.id === chapterId).map((c) => c.id)
      : project.chaptersOrder;
    if (chapterId && !ids.length) throw chapterNotFound();
    const blocks = await repo.blocksOf(this.db, ids);
    if (!blocks.some((b) => b.nodes.some((n) => n.text.trim())))
      throw badRequest('There is no text to convert.', 'nothing_to_convert');
    if (project.convertingChapterIds.some((id) => ids.includes(id)))
      throw new AppError(409, 'conversion_in_progress', 'This content is being converted already.');
    // The job speaks for the caller later: every voice it will use must be one the caller may use now.
    await this.access.checkVoices(
      caller,
      blocks.flatMap((b) => b.nodes.filter((n) => n.text.trim()).map((n) => voiceOf(project, b, n.voice_id))),
    );
    const payload: StudioConvertPayload = {
      projectId: project.id,
      chapterIds: ids,
      whole: chapterId === null,
      userId: caller.userId,
      via: caller.via,
      keyId: caller.keyId,
    };
    const row = await this.db.transaction(async (tx) => {
      for (const id of ids)
        await repo.updateChapter(tx, id, {
          state: 'converting',
          conversionProgress: 0,
          lastConversionError: null,
        });
      const r = await repo.updateProject(tx, project.id, {
        state: 'in_queue',
        convertingChapterIds: [...new Set([...project.convertingChapterIds, ...ids])],
        addedToQueueAt: new Date(),
      });
      await enqueue(tx, studioConvertSpec, payload);
      return r!;
    });
    this.publish(row);
    return { status: 'ok' as const };
  }

  /** The job's work: converts the chapters in order; a failure ends the chapter with its error. */
  async run(payload: StudioConvertPayload, signal: AbortSignal): Promise<void> {
    let project = await repo.findProjectById(this.db, payload.projectId);
    if (!project) return;
    project = (await repo.updateProject(this.db, project.id, { state: 'converting' }))!;
    this.publish(project);
    const chapterSnaps: { id: string; pcm: Int16Array; alignment: StoredAlignment }[] = [];
    let failed = false;
    for (const chapterId of payload.chapterIds) {
      const chapter = await repo.findChapter(this.db, project.id, chapterId);
      if (!chapter) continue;
      try {
        chapterSnaps.push(await this.convertChapter(project, chapter, payload, signal));
      } catch (err) {
        failed = true;
        const message = err instanceof AppError ? err.message : 'The chapter could not be converted.';
        const row = await repo.updateChapter(this.db, chapter.id, {
          state: 'default',
          conversionProgress: null,
          lastConversionError: message,
        });
        if (row) this.publish(project, { row, blocks: await repo.blocksOf(this.db, [row.id]) });
      }
    }
    let latest = project.latestSnapshotId;
    if (payload.whole && !failed && chapterSnaps.length) {
      const all = join(chapterSnaps, 1.0);
      latest = newId();
      const path = `studio/${project.workspaceId}/${project.id}/snapshots/${latest}.mp3`;
      await this.files.put(path, await encodeAudio(all.pcm, STUDIO_RATE, 'mp3_44100_128'));
      await repo.insertSnapshot(this.db, {
        id: latest,
        projectId: project.id,
        chapterId: null,
        workspaceId: project.workspaceId,
        name: `${project.name} ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`,
        audioPath: path,
        durationSeconds: all.seconds,
        alignment: all.alignment,
        chapterSnapshotIds: chapterSnaps.map((c) => c.id),
      });
    }
    const fresh = (await repo.findProjectById(this.db, project.id))!;
    const left = fresh.convertingChapterIds.filter((id) => !payload.chapterIds.includes(id));
    const done = await repo.updateProject(this.db, project.id, {
      state: left.length ? fresh.state : 'default',
      convertingChapterIds: left,
      lastConversionAt: failed ? fresh.lastConversionAt : new Date(),
      latestSnapshotId: latest,
    });
    if (done) this.publish(done);
  }

  private async convertChapter(
    project: repo.ProjectRow,
    chapter: repo.ChapterRow,
    payload: StudioConvertPayload,
    signal: AbortSignal,
  ) {
    let blocks = await repo.blocksOf(this.db, [chapter.id]);
    const ordered = orderedBlocks(chapter, blocks).filter((b) => b.nodes.some((n) => n.text.trim()));
    const parts: { pcm: Int16Array; alignment: StoredAlignment }[] = [];
    for (const [i, block] of ordered.entries()) {
      if (isConverted(project)(block)) {
        const wav = await this.files.get(block.audioPath!);
        if (wav) {
          parts.push({ pcm: decodeWav(wav).pcm, alignment: block.alignment ?? EMPTY_ALIGNMENT });
          continue;
        }
      }
      const { pcm, alignment } = await this.speech.speak(project, block, payload, signal);
      parts.push({ pcm, alignment });
      const row = await repo.updateChapter(this.db, chapter.id, {
        conversionProgress: (i + 1) / ordered.length,
      });
      blocks = await repo.blocksOf(this.db, [chapter.id]);
      if (row) this.publish(project, { row, blocks });
    }
    const all = join(parts);
    const id = newId();
    const path = `studio/${project.workspaceId}/${project.id}/snapshots/${id}.mp3`;
    await this.files.put(path, await encodeAudio(all.pcm, STUDIO_RATE, 'mp3_44100_128'));
    await repo.insertSnapshot(this.db, {
      id,
      projectId: project.id,
      chapterId: chapter.id,
      workspaceId: project.workspaceId,
      name: `${chapter.name} ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`,
      audioPath: path,
      durationSeconds: all.seconds,
      alignment: all.alignment,
    });
    const row = await repo.updateChapter(this.db, chapter.id, {
      state: 'default',
      conversionProgress: 1,
      lastConversionAt: new Date(),
      lastConversionError: null,
    });
    if (row) this.publish(project, { row, blocks: await repo.blocksOf(this.db, [chapter.id]) });
    return { id, pcm: all.pcm, alignment: all.alignment };
  }
}
