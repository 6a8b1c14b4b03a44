import fs from 'node:fs/promises';
import type { AppDb } from '../../db/client';
import { notFound } from '../../errors';
import type { FileStorage } from '../../storage/file-storage';
import { speakingVoice } from '../voices/voice-fitting';
import type { VoicesService } from '../voices/voices.service';
import * as repo from './voice-sharing.repo';

/**
 * A library voice's public preview: the generation its owner chose (preview_history_item_id), else a
 * preview clip spoken with the voice's profile like the premade voices' (cached by what it sounds like).
 */
export class LibraryPreviews {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly voices: VoicesService,
  ) {}

  async audio(
    publicUserId: string,
    voiceId: string,
  ): Promise<{ data: Uint8Array; type: string; etag: string }> {
    const shared = await repo.findShared(this.db, publicUserId, voiceId);
    if (!shared || shared.sharing.status !== 'enabled')
      throw notFound(`No shared voice ${voiceId} of the user ${publicUserId} was found.`, 'voice_not_found');
    const itemId = shared.sharing.previewHistoryItemId;
    if (itemId) {
      const item = await repo.findWorkspaceHistoryItem(this.db, shared.sharing.workspaceId, itemId);
      const data = item && (await this.files.get(item.audioPath));
      if (item && data) return { data, type: item.contentType, etag: `"h-${item.id}"` };
    }
    const file = await this.voices.previewOf(speakingVoice(shared.voice));
    return { data: await fs.readFile(file.path), type: 'audio/mpeg', etag: `"${file.version}"` };
  }
}
