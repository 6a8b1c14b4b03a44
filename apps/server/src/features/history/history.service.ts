import type { Readable } from 'node:stream';
import type {
  HistoryDialogueLine,
  HistoryFeedbackBody,
  HistoryItem,
  ListHistoryQuery,
  ListHistoryResponse,
} from '@vocalis/contracts/history';
import { listHistoryResponse } from '@vocalis/contracts/history';
import {
  historyDownloadFileName,
  sanitizeFileName,
  type VoiceSettingsForName,
} from '@vocalis/domain/download-file-name';
import {
  canChangeFeedback,
  FEEDBACK_ALREADY_REVIEWED,
  FEEDBACK_SUBMITTED,
  feedbackTextError,
  NOT_REVIEWED,
} from '@vocalis/domain/history-feedback';
import type { ResourceAction } from '@vocalis/domain/workspace/resource-permissions';
import { ResourceAccess, type VisibilityFilter } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { cachedRead } from '../../db/read-cache';
import { serialize } from '../../plugins/prepared-json';
import type { HistorySource } from '../../db/schema/history';
import { AppError, badRequest, notFound } from '../../errors';
import { zipStore } from '../../lib/zip';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import { callerWorkspace } from '../../plugins/auth';
import type { UsageService } from '../usage/usage.service';
import { dateUnix, presentHistoryItem } from './history.presenter';
import * as repo from './history.repo';
import { discardFiles } from '../../storage/file-deletion.job';
import { historyAudioKey, historyItemKeys } from '../../storage/file-keys';

const READ = 'speech_history_read';
const WRITE = 'speech_history_write';

const itemNotFound = () => notFound('History item not found.', 'history_item_not_found');

/** A finished generation to keep (the TTS service hands these over). */
export type NewHistoryItem = {
  id: string;
  workspaceId: string;
  userId: string;
  requestId: string;
  text: string;
  /** A dialogue has no single voice: its id is null and its lines carry theirs. */
  voice: { id: string | null; name: string; category: string };
  dialogue?: HistoryDialogueLine[] | null;
  modelId: string;
  settings: Record<string, unknown> | null;
  source: HistorySource;
  characterCountChangeFrom: number;
  characterCountChangeTo: number;
  contentType: string;
  outputFormat: string;
  extension: string;
  audio: Uint8Array;
};

export type DownloadResult = {
  data: Buffer | Readable;
  size?: number;
  contentType: string;
  fileName: string;
};

/** Speech history: every logged generation of a workspace, its audio and feedback. */
export class HistoryService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly usage: UsageService,
  ) {}

  /**
   * Keeps a completed generation: audio to file storage first, then the row. `within` runs the row's
   * insert inside the caller's transaction (the reservation becoming spent, decision 028) and may skip it;
   * the audio is removed again when the row was not kept.
   */
  async record(
    item: NewHistoryItem,
    within: (insert: (tx: AppDb) => Promise<void>) => Promise<void> = (insert) => insert(this.db),
  ): Promise<void> {
    const audioPath = historyAudioKey(item.workspaceId, item.id, item.extension);
    await this.files.put(audioPath, item.audio);
    let inserted = false;
    try {
      await within(async (tx) => {
        await repo.insertHistoryItem(tx, {
          id: item.id,
          workspaceId: item.workspaceId,
          userId: item.userId,
          requestId: item.requestId,
          text: item.text,
          voiceId: item.voice.id,
          voiceName: item.voice.name,
          voiceCategory: item.voice.category,
          dialogue: item.dialogue ?? null,
          modelId: item.modelId,
          settings: item.settings,
          source: item.source,
          characterCountChangeFrom: item.characterCountChangeFrom,
          characterCountChangeTo: item.characterCountChangeTo,
          contentType: item.contentType,
          outputFormat: item.outputFormat,
          audioPath,
        });
        inserted = true;
      });
    } catch (error) {
      inserted = false;
      throw error;
    } finally {
      if (!inserted) await this.files.delete(audioPath).catch(() => undefined);
    }
  }

  /** The policy check every method starts with: the scope, then the caller's current workspace. */
  private async workspace(caller: KeyCaller, scope: string): Promise<string> {
    if (!hasPermission(caller, scope)) throw missingPermission(scope);
    return (await callerWorkspace(caller, this.usage)).id;
  }

  /** The caller's access to the workspace's history items (decision 165). */
  private access(caller: KeyCaller): Promise<ResourceAccess> {
    return ResourceAccess.load(this.db, caller, 'history_item');
  }

  /**
   * One item of the workspace the caller may `action`: one they may not read is absent (404), one they may
   * read but not change is 403.
   */
  private async item(
    workspaceId: string,
    id: string,
    caller: KeyCaller,
    action: ResourceAction = 'read',
  ): Promise<repo.HistoryRow> {
    const row = await repo.findHistoryItem(this.db, workspaceId, id);
    if (!row) throw itemNotFound();
    (await this.access(caller)).require(row.id, row.userId, action, itemNotFound);
    return row;
  }

  /**
   * A history page serialized against its response schema, kept in memory like the rows it is made of
   * (decision 043): the body depends on nothing but the workspace's rows and the query.
   */
  async listBody(caller: KeyCaller, q: ListHistoryQuery): Promise<Buffer> {
    const workspaceId = await this.workspace(caller, READ);
    const visible = (await this.access(caller)).visibility();
    const key = `history-body:${workspaceId}:${JSON.stringify(visible)}:${JSON.stringify(q)}`;
    return cachedRead(this.db, key, async () =>
      serialize(listHistoryResponse, await this.page(caller, workspaceId, q, visible)),
    );
  }

  async list(caller: KeyCaller, q: ListHistoryQuery): Promise<ListHistoryResponse> {
    const workspaceId = await this.workspace(caller, READ);
    return this.page(caller, workspaceId, q, (await this.access(caller)).visibility());
  }

  private async page(
    caller: KeyCaller,
    workspaceId: string,
    q: ListHistoryQuery,
    visible: VisibilityFilter,
  ): Promise<ListHistoryResponse> {
    const after = q.start_after_history_item_id
      ? await this.item(workspaceId, q.start_after_history_item_id, caller)
      : undefined;
    const rows = await repo.listHistory(this.db, workspaceId, {
      visible,
      limit: q.page_size + 1,
      direction: q.sort_direction,
      after,
      voiceId: q.voice_id,
      modelId: q.model_id,
      source: q.source,
      search: q.search?.trim() || undefined,
      before: q.date_before_unix === undefined ? undefined : new Date(q.date_before_unix * 1000),
      since: q.date_after_unix === undefined ? undefined : new Date(q.date_after_unix * 1000),
    });
    const page = rows.slice(0, q.page_size);
    const last = page.at(-1);
    return {
      history: page.map(presentHistoryItem),
      last_history_item_id: last?.id ?? null,
      has_more: rows.length > q.page_size,
      scanned_until: last ? dateUnix(last) : null,
    };
  }

  async get(caller: KeyCaller, id: string): Promise<HistoryItem> {
    return presentHistoryItem(await this.item(await this.workspace(caller, READ), id, caller));
  }

  /** The item's stored audio: its size and a reader of all or a byte range of it. */
  async audio(caller: KeyCaller, id: string): Promise<StoredFile & { contentType: string }> {
    const row = await this.item(await this.workspace(caller, READ), id, caller);
    const file = await this.files.open(row.audioPath);
    if (!file) throw notFound('The audio of this history item is missing.', 'history_audio_not_found');
    return { ...file, contentType: row.contentType };
  }

  /**
   * Removes the row and, in the same transaction, queues the deletion of its audio and share videos
   * (retried until the store answers: a store that is down neither fails the delete nor orphans files),
   * then deletes them at once where it can.
   */
  async delete(caller: KeyCaller, id: string): Promise<void> {
    const workspaceId = await this.workspace(caller, WRITE);
    await this.item(workspaceId, id, caller, 'delete');
    const keys = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDb;
      const row = await repo.deleteHistoryItem(tx, workspaceId, id);
      if (!row) throw itemNotFound();
      const files = historyItemKeys(row);
      await discardFiles(tx, files);
      return files;
    });
    // At once where the store answers; the queued job is the guarantee.
    await Promise.all(keys.map((key) => this.files.delete(key))).catch(() => undefined);
  }

  /** One id: its audio; several: a zip of them, each named by the download file-name rule. */
  async download(caller: KeyCaller, ids: string[]): Promise<DownloadResult> {
    const workspaceId = await this.workspace(caller, READ);
    const unique = [...new Set(ids)];
    const access = await this.access(caller);
    const rows = (await repo.findHistoryItems(this.db, workspaceId, unique)).filter((r) =>
      access.can(r.id, r.userId, 'read'),
    );
    if (rows.length !== unique.length) throw itemNotFound();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = unique.map((id) => byId.get(id)!);
    if (ordered.length === 1) {
      const row = ordered[0]!;
      const file = await this.files.stream(row.audioPath);
      if (!file) throw notFound('The audio of this history item is missing.', 'history_audio_not_found');
      return { data: file.stream, size: file.size, contentType: row.contentType, fileName: fileNameOf(row) };
    }
    const used = new Set<string>();
    const entries = [];
    for (const row of ordered) {
      const data = await this.files.get(row.audioPath);
      if (!data) throw notFound('The audio of a history item is missing.', 'history_audio_not_found');
      entries.push({ name: unique_(fileNameOf(row), used), data, date: row.createdAt });
    }
    const zip = zipStore(entries);
    const now = Math.floor(Date.now() / 1000);
    const stamp = new Date(now * 1000).toISOString().slice(0, 19).replaceAll(':', '_');
    return {
      data: zip,
      size: zip.length,
      contentType: 'application/zip',
      fileName: sanitizeFileName(`Vocalis_${stamp}_history.zip`),
    };
  }

  async feedback(
    caller: KeyCaller,
    id: string,
    body: HistoryFeedbackBody,
  ): Promise<{ status: 'ok'; message: string }> {
    const workspaceId = await this.workspace(caller, WRITE);
    const row = await this.item(workspaceId, id, caller, 'edit');
    if (!canChangeFeedback(row.feedback?.review_status)) throw feedbackReviewed();
    const text = body.feedback?.trim() ?? '';
    const problem = feedbackTextError(text, body.thumbs_up);
    if (problem) throw badRequest(problem, 'invalid_feedback');
    const updated = await repo.setFeedback(this.db, workspaceId, id, {
      thumbs_up: body.thumbs_up,
      feedback: text,
      emotions: body.emotions,
      inaccurate_clone: body.inaccurate_clone,
      glitches: body.glitches,
      audio_quality: body.audio_quality,
      other: body.other,
      review_status: NOT_REVIEWED,
    });
    // Reviewed between the read and the write.
    if (!updated) throw feedbackReviewed();
    return { status: 'ok', message: FEEDBACK_SUBMITTED };
  }
}

const feedbackReviewed = () => new AppError(400, 'feedback_already_reviewed', FEEDBACK_ALREADY_REVIEWED);

/** The download name of one item (content-and-workspace.md §5), keeping the item's own extension. */
function fileNameOf(row: repo.HistoryRow): string {
  const ext = row.audioPath.slice(row.audioPath.lastIndexOf('.') + 1);
  const settings = row.settings as Partial<VoiceSettingsForName> | null;
  const hasSettings =
    typeof settings?.stability === 'number' && typeof settings?.similarity_boost === 'number';
  const name = historyDownloadFileName({
    dateUnix: dateUnix(row),
    voiceName: row.voiceName ?? 'voice',
    voiceCategory: row.voiceCategory,
    settings: hasSettings ? (settings as VoiceSettingsForName) : null,
    modelId: row.modelId ?? '',
    format: ext === 'wav' ? 'wav' : 'mp3',
  });
  return ext === 'wav' || ext === 'mp3' ? name : sanitizeFileName(`${name.slice(0, -'.mp3'.length)}.${ext}`);
}

/** `name`, or `name` with `_2`, `_3` … before the extension when the zip already holds it. */
function unique_(name: string, used: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  for (let i = 2; used.has(candidate); i++) candidate = `${name.slice(0, dot)}_${i}${name.slice(dot)}`;
  used.add(candidate);
  return candidate;
}
