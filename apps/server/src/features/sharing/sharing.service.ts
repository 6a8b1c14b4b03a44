import type { ShareLinkResponse, ShareLinkStatus, SharedItem } from '@vocalis/contracts/sharing';
import { publicUserNameError } from '@vocalis/domain/sharing';
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import { presentSharedItem, publicNameOf, shareLink } from './sharing.presenter';
import * as repo from './sharing.repo';

/** Sharing a history item publicly turns it visible to anyone with the link: the write scope. */
const HISTORY_WRITE = 'speech_history_write';
const HISTORY_READ = 'speech_history_read';
const USER_WRITE = 'user_write';
/** 24 base62 characters: about 143 random bits, so links cannot be guessed or enumerated. */
const SHARE_ID_LENGTH = 24;

const itemNotFound = () => notFound('History item not found.', 'history_item_not_found');
const sharedNotFound = () =>
  notFound('This shared item does not exist or was deleted.', 'shared_item_not_found');

/** Share links of history items, the public view of a shared item, and the user's public name. */
export class SharingService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly workspaces: { workspaceOf(userId: string): Promise<{ id: string }> },
    private readonly publicUrl: string,
  ) {}

  /**
   * GET /v1/history/{id}/share-link: the item's stable public link (made on first request). Only the
   * item's own workspace finds it; any other caller gets the history 404.
   */
  async shareLink(caller: KeyCaller, historyItemId: string): Promise<ShareLinkResponse> {
    if (!hasPermission(caller, HISTORY_WRITE)) throw missingPermission(HISTORY_WRITE);
    const workspaceId = (await this.workspaces.workspaceOf(caller.userId)).id;
    const shared = await repo.ensureShareLinkId(this.db, workspaceId, historyItemId, newId(SHARE_ID_LENGTH));
    if (!shared) throw itemNotFound();
    const names = shared.userId ? await repo.findPublicName(this.db, shared.userId) : undefined;
    return {
      share_link: shareLink(this.publicUrl, shared.shareLinkId),
      public_user_name: publicNameOf(names),
    };
  }

  /** GET /v1/history/{id}/share-link/status: published or not, changing nothing (the share dialog). */
  async shareStatus(caller: KeyCaller, historyItemId: string): Promise<ShareLinkStatus> {
    if (!hasPermission(caller, HISTORY_READ)) throw missingPermission(HISTORY_READ);
    const workspaceId = (await this.workspaces.workspaceOf(caller.userId)).id;
    const state = await repo.findShareState(this.db, workspaceId, historyItemId);
    if (!state) throw itemNotFound();
    const names = state.userId ? await repo.findPublicName(this.db, state.userId) : undefined;
    return {
      published: state.shareLinkId !== null,
      share_link: state.shareLinkId ? shareLink(this.publicUrl, state.shareLinkId) : null,
      public_user_name: publicNameOf(names),
    };
  }

  /**
   * DELETE /v1/history/{id}/share-link: the link answers 404 from now on; publishing again makes a new
   * one. Revoking an unpublished item is not an error.
   */
  async revoke(caller: KeyCaller, historyItemId: string): Promise<void> {
    if (!hasPermission(caller, HISTORY_WRITE)) throw missingPermission(HISTORY_WRITE);
    const workspaceId = (await this.workspaces.workspaceOf(caller.userId)).id;
    if (!(await repo.clearShareLinkId(this.db, workspaceId, historyItemId))) throw itemNotFound();
  }

  /** GET /v1/shared/{share_id} (public). */
  async sharedItem(shareId: string): Promise<SharedItem> {
    const row = await repo.findSharedItem(this.db, shareId);
    if (!row) throw sharedNotFound();
    return presentSharedItem(row);
  }

  /** GET /v1/shared/{share_id}/audio (public). */
  async sharedAudio(shareId: string): Promise<StoredFile & { contentType: string }> {
    const row = await repo.findSharedItem(this.db, shareId);
    if (!row) throw sharedNotFound();
    const file = await this.files.open(row.audioPath);
    if (!file) throw notFound('The audio of this shared item is missing.', 'history_audio_not_found');
    return { ...file, contentType: row.contentType };
  }

  /** POST /v1/user/update-public-user-name: the name the user's shared items show. */
  async updatePublicUserName(caller: KeyCaller, name: string): Promise<string> {
    if (!hasPermission(caller, USER_WRITE)) throw missingPermission(USER_WRITE);
    const problem = publicUserNameError(name);
    if (problem) throw badRequest(problem, 'invalid_public_user_name');
    const trimmed = name.trim();
    if (!(await repo.setPublicUserName(this.db, caller.userId, trimmed)))
      throw notFound('User not found.', 'user_not_found');
    return trimmed;
  }
}
