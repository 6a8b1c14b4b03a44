/**
 * Voice isolation (decision 097): checks and decodes the upload, charges the workspace's quota by its length,
 * isolates the voice with the built-in engine (decision 096), encodes mp3, and keeps the upload and the result
 * as an isolation history item. Another workspace's items answer 404.
 */
import type { IsolationHistoryResponse } from '@vocalis/contracts/audio-isolation';
import { isolationCharacters } from '@vocalis/domain/audio-tools/voice-isolation';
import { acceptedAudioType } from '@vocalis/domain/voices/voice-cloning';
import { encodeAudio } from '@vocalis/speech/audio/encode';
import { isolateVoice, ISOLATION_RATE } from '@vocalis/speech/isolate/isolate';
import type { AppDb } from '../../db/client';
import { notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { callerWorkspace, type Principal } from '../../plugins/auth';
import { discardFiles } from '../../storage/file-deletion.job';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import { checkAudio, decodeSpeech } from '../speech-to-speech/sts-input';
import type { UsageService } from '../usage/usage.service';
import type { UploadedFile } from '../voices/voice-samples';
import { presentIsolation } from './audio-isolation.presenter';
import * as repo from './audio-isolation.repo';

export const ISOLATION_FORMAT = 'mp3_44100_128';
const itemNotFound = () => notFound('Audio isolation history item not found.', 'history_item_not_found');

export class AudioIsolationService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly usage: UsageService,
  ) {}

  async isolate(input: {
    caller: Principal;
    requestId: string;
    file: UploadedFile;
    raw: boolean;
  }): Promise<{ audio: Uint8Array; id: string; characters: number; seconds: number }> {
    checkAudio(input.file, input.raw);
    const pcm = await decodeSpeech(input.file, input.raw, false);
    const seconds = pcm.length / ISOLATION_RATE;
    const characters = isolationCharacters(seconds);
    const r = await this.usage.reserve({
      userId: input.caller.userId,
      caller: input.caller,
      characters,
      requestId: input.requestId,
      source: 'audio_isolation',
    });
    const id = newId();
    const ext = input.raw ? 'pcm' : (acceptedAudioType(input.file.filename, input.file.mimetype) ?? 'bin');
    const originalPath = `audio-isolation/${r.workspaceId}/${id}-original.${ext}`;
    const audioPath = `audio-isolation/${r.workspaceId}/${id}.mp3`;
    let kept = false;
    try {
      const audio = await encodeAudio(isolateVoice(pcm), ISOLATION_RATE, ISOLATION_FORMAT);
      await this.files.put(originalPath, input.file.data);
      await this.files.put(audioPath, audio);
      await this.usage.finish(r, true, async (tx) => {
        await repo.insertIsolation(tx, {
          id,
          workspaceId: r.workspaceId,
          userId: input.caller.userId,
          title: input.file.filename || 'audio',
          durationSeconds: seconds,
          characters,
          originalPath,
          originalType: input.file.mimetype || 'application/octet-stream',
          audioPath,
        });
        kept = true;
      });
      if (!kept) throw new Error('the reservation was gone: nothing kept');
      return { audio, id, characters, seconds };
    } finally {
      if (!kept) {
        await this.usage.finish(r, false).catch(() => undefined);
        await Promise.all([this.files.delete(originalPath), this.files.delete(audioPath)]).catch(
          () => undefined,
        );
      }
    }
  }

  async list(
    caller: Principal,
    q: { page_size: number; page: number; search?: string },
  ): Promise<IsolationHistoryResponse> {
    const workspaceId = (await callerWorkspace(caller, this.usage)).id;
    const rows = await repo.listIsolations(this.db, workspaceId, {
      limit: q.page_size + 1,
      offset: (q.page - 1) * q.page_size,
      search: q.search?.trim() || undefined,
    });
    return { items: rows.slice(0, q.page_size).map(presentIsolation), has_more: rows.length > q.page_size };
  }

  async delete(caller: Principal, id: string): Promise<void> {
    const workspaceId = (await callerWorkspace(caller, this.usage)).id;
    const keys = await this.db.transaction(async (tx) => {
      const row = await repo.deleteIsolation(tx, workspaceId, id);
      if (!row) throw itemNotFound();
      const files = [row.originalPath, row.audioPath];
      await discardFiles(tx, files);
      return files;
    });
    await Promise.all(keys.map((key) => this.files.delete(key))).catch(() => undefined);
  }

  /** The isolated audio or the upload as sent. */
  async file(
    caller: Principal,
    id: string,
    which: 'audio' | 'original',
  ): Promise<{ file: StoredFile; contentType: string }> {
    const workspaceId = (await callerWorkspace(caller, this.usage)).id;
    const row = await repo.findIsolation(this.db, workspaceId, id);
    if (!row) throw itemNotFound();
    const file = await this.files.open(which === 'audio' ? row.audioPath : row.originalPath);
    if (!file) throw itemNotFound();
    return { file, contentType: which === 'audio' ? 'audio/mpeg' : row.originalType };
  }
}
