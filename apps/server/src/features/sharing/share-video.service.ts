import type { ShareVideoResponse } from '@vocalis/contracts/sharing';
import { VIDEO_ONLY_FOR_TTS, type VideoTheme } from '@vocalis/domain/share-video';
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import { renderInWorker } from './share-video.runner';
import * as repo from './sharing.repo';
import { shareVideoKey } from '../../storage/file-keys';

const HISTORY_READ = 'speech_history_read';
/** Generating stores a file for the item: the write scope. */
const HISTORY_WRITE = 'speech_history_write';

const itemNotFound = () => notFound('History item not found.', 'history_item_not_found');

/**
 * Share as a video (content-and-workspace.md §2, §7): a text-to-speech item's audio with its waveform,
 * its text and the theme's colours, rendered by ffmpeg (WASM) in a worker thread. The mp4 is kept in
 * file storage per item and theme; the preview image is made on each request.
 */
export class ShareVideoService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly workspaces: { workspaceOf(userId: string): Promise<{ id: string }> },
  ) {}

  private async source(caller: KeyCaller, historyItemId: string, permission = HISTORY_READ) {
    if (!hasPermission(caller, permission)) throw missingPermission(permission);
    const workspaceId = (await this.workspaces.workspaceOf(caller.userId)).id;
    const item = await repo.findVideoSource(this.db, workspaceId, historyItemId);
    if (!item) throw itemNotFound();
    if (item.source !== 'TTS') throw badRequest(VIDEO_ONLY_FOR_TTS, 'video_only_for_tts');
    const audio = await this.files.get(item.audioPath);
    if (!audio) throw notFound('The audio of this history item is missing.', 'history_audio_not_found');
    return { workspaceId, text: item.text, audio };
  }

  private key = shareVideoKey;

  /** POST /v1/history/{id}/video: renders (again) and keeps the mp4; answers where to fetch it. */
  async generate(caller: KeyCaller, historyItemId: string, theme: VideoTheme): Promise<ShareVideoResponse> {
    const { workspaceId, text, audio } = await this.source(caller, historyItemId, HISTORY_WRITE);
    const video = await renderInWorker('video', { audio, text, theme });
    await this.files.put(this.key(workspaceId, historyItemId, theme), video);
    const id = encodeURIComponent(historyItemId);
    return { video_url: `/v1/history/${id}/video?theme=${theme}` };
  }

  /** GET /v1/history/{id}/video: the mp4 made by generate. */
  async video(caller: KeyCaller, historyItemId: string, theme: VideoTheme): Promise<StoredFile> {
    const { workspaceId } = await this.source(caller, historyItemId);
    const file = await this.files.open(this.key(workspaceId, historyItemId, theme));
    if (!file) throw notFound('No video was generated for this item and theme.', 'video_not_found');
    return file;
  }

  /** GET /v1/history/{id}/video/preview: a PNG of the video's look. */
  async preview(caller: KeyCaller, historyItemId: string, theme: VideoTheme): Promise<Uint8Array> {
    const { text, audio } = await this.source(caller, historyItemId);
    return renderInWorker('preview', { audio, text, theme });
  }
}
