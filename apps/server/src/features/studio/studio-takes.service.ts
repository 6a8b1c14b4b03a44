/**
 * One block at a time (decision 175): generate it now, keep every generation as a take, list and play the
 * takes, and choose which one is the block's current audio (the one conversion joins into the chapter).
 */
import type { ResourceAction } from '@vocalis/domain/workspace/resource-permissions';
import type { AppDb } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import type { EventBus } from '../../live/event-bus';
import type { Principal } from '../../plugins/auth';
import type { FileStorage } from '../../storage/file-storage';
import { blockFingerprint } from './conversion-fingerprint';
import type { BlockSpeech } from './studio-block-speech';
import type { StudioAccess } from './studio-access';
import * as repo from './studio.repo';

const blockNotFound = () => notFound('Block not found.', 'block_not_found');
const takeNotFound = () => notFound('Take not found.', 'take_not_found');

export function presentTake(t: repo.TakeRow, block: repo.BlockRow, project: repo.ProjectRow) {
  return {
    take_id: t.id,
    block_id: t.blockId,
    created_at_unix: Math.floor(t.createdAt.getTime() / 1000),
    audio_duration_secs: t.durationSeconds,
    characters: t.characters,
    is_current: block.currentTakeId === t.id,
    matches_content: t.fingerprint === blockFingerprint(project, block),
    alignment: t.alignment,
  };
}

export class StudioTakesService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly bus: EventBus,
    private readonly access: StudioAccess,
    private readonly speech: BlockSpeech,
  ) {}

  private async block(
    caller: Principal,
    projectId: string,
    chapterId: string,
    blockId: string,
    action: ResourceAction = 'read',
  ) {
    const { ws, project, chapter } = await this.access.chapter(caller, projectId, chapterId, action);
    const block = (await repo.blocksOf(this.db, [chapter.id])).find((b) => b.id === blockId);
    if (!block) throw blockNotFound();
    return { ws, project, chapter, block };
  }

  /** Other editors of the project refetch the block's takes and the chapter. */
  private publish(
    workspaceId: string,
    project: repo.ProjectRow,
    chapterId: string,
    blockId: string,
    currentTakeId: string | null,
  ) {
    const audience = { workspaceIds: [workspaceId] };
    this.bus.publish({
      collection: 'block',
      op: 'update',
      id: blockId,
      data: { project_id: project.id, chapter_id: chapterId, current_take_id: currentTakeId },
      audience,
    });
    this.bus.publish({ collection: 'chapter', op: 'update', id: chapterId, data: null, audience });
  }

  /** Speaks the block now (characters charged like text to speech); the new take becomes current. */
  async generate(caller: Principal, projectId: string, chapterId: string, blockId: string) {
    const { ws, project, chapter, block } = await this.block(caller, projectId, chapterId, blockId, 'edit');
    if (!block.nodes.some((n) => n.text.trim()))
      throw badRequest('There is no text to convert.', 'nothing_to_convert');
    if (project.convertingChapterIds.includes(chapter.id))
      throw new AppError(409, 'conversion_in_progress', 'This content is being converted already.');
    const { take } = await this.speech.speak(
      project,
      block,
      { userId: caller.userId, via: caller.via, keyId: caller.keyId, workspace: caller.workspace },
      new AbortController().signal,
    );
    this.publish(ws.id, project, chapter.id, block.id, take.id);
    return { take: presentTake(take, { ...block, currentTakeId: take.id }, project) };
  }

  async list(caller: Principal, projectId: string, chapterId: string, blockId: string) {
    const { project, block } = await this.block(caller, projectId, chapterId, blockId);
    return { takes: (await repo.listTakes(this.db, block.id)).map((t) => presentTake(t, block, project)) };
  }

  /** Makes a take the block's current audio; a take made from other text, voices or settings is refused. */
  async select(caller: Principal, projectId: string, chapterId: string, blockId: string, takeId: string) {
    const { ws, project, chapter, block } = await this.block(caller, projectId, chapterId, blockId, 'edit');
    const take = await repo.findTake(this.db, block.id, takeId);
    if (!take) throw takeNotFound();
    if (take.fingerprint !== blockFingerprint(project, block))
      throw badRequest(
        'This take was made from other text, voices or settings than the block has now; generate the block again.',
        'take_outdated',
      );
    await repo.updateBlock(this.db, block.id, {
      audioPath: take.audioPath,
      audioFingerprint: take.fingerprint,
      durationSeconds: take.durationSeconds,
      alignment: take.alignment,
      characters: take.characters,
      currentTakeId: take.id,
    });
    this.publish(ws.id, project, chapter.id, block.id, take.id);
    return { take: presentTake(take, { ...block, currentTakeId: take.id }, project) };
  }

  /** A take's audio (wav). */
  async audio(caller: Principal, projectId: string, chapterId: string, blockId: string, takeId: string) {
    const { block } = await this.block(caller, projectId, chapterId, blockId);
    const take = await repo.findTake(this.db, block.id, takeId);
    const file = take && (await this.files.open(take.audioPath));
    if (!file) throw takeNotFound();
    return file;
  }
}
