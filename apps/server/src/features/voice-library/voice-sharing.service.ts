/**
 * Sharing a workspace's voice in the library and taking copies of shared voices (decision 080): the
 * owner's settings and on/off switch, the public voice page, adding a copy (a voices row pointing to the
 * original, fitted profile copied, so it speaks without the owner's samples), the notice period when
 * sharing stops, and the owner's share stats. Every method starts with the caller's permission and workspace.
 */
import type { SharedVoicesQuery, VoiceSharingSettingsInput } from '@vocalis/contracts/voice-library';
import { customVoiceLimit } from '@vocalis/domain/billing/plans';
import { addEditPeriodStart, refuseVoiceAdd } from '@vocalis/domain/voices/voice-cloning';
import {
  canSeeByInvitation,
  copyDisableAt,
  DEFAULT_NOTICE_PERIOD_DAYS,
  refuseLibraryAdd,
  refuseSharingSettings,
  statsRangeStart,
  type ShareStatsRange,
} from '@vocalis/domain/voices/voice-sharing';
import type { AppDb } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { callerWorkspace } from '../../plugins/auth';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import type { MessagesService } from '../messages/messages.service';
import { recipientsWanting } from '../messages/notification-preferences';
import { refusal } from '../voices/voice-samples';
import * as customRepo from '../voices/custom-voices.repo';
import { presentLibraryVoice, presentOwnerSharing, presentShareStats } from './voice-library.presenter';
import * as libraryRepo from './voice-library.repo';
import * as repo from './voice-sharing.repo';
import { shareStatsByDay } from './share-stats.repo';
import { emitWebhookEvent } from '../webhooks/webhook-events';

const VOICES_READ = 'voices_read';

/** The owner's view of a voice's sharing, or null when it was never shared (or is another workspace's). */
export async function loadOwnerSharing(db: AppDb, workspaceId: string, voiceId: string) {
  const [voice, sharing] = await Promise.all([
    customRepo.findWorkspaceVoice(db, workspaceId, voiceId),
    repo.findSharing(db, voiceId),
  ]);
  if (!voice || !sharing || sharing.workspaceId !== workspaceId) return null;
  const stats = await shareStatsByDay(db, voiceId, new Date(0));
  return presentOwnerSharing(
    voice,
    sharing,
    stats.copies.reduce((s, c) => s + c.copies, 0),
  );
}
const VOICES_WRITE = 'voices_write';

type Workspaces = { workspaceOf(userId: string): Promise<{ id: string }> };

const voiceNotFound = (id: string) =>
  notFound(`A voice with the voice_id ${id} was not found.`, 'voice_not_found');
const sharedNotFound = (publicUserId: string, id: string) =>
  notFound(`No shared voice ${id} of the user ${publicUserId} was found.`, 'voice_not_found');

export class VoiceSharingService {
  constructor(
    private readonly db: AppDb,
    private readonly workspaces: Workspaces,
    private readonly messages: MessagesService,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async workspaceFor(caller: KeyCaller, scope: string): Promise<string> {
    if (!hasPermission(caller, scope)) throw missingPermission(scope);
    return (await callerWorkspace(caller, this.workspaces)).id;
  }

  /** The caller's own (not copied) voice, or a 404: another workspace's voice reads as absent. */
  private async ownVoice(workspaceId: string, voiceId: string) {
    const voice = await customRepo.findWorkspaceVoice(this.db, workspaceId, voiceId);
    if (!voice) throw voiceNotFound(voiceId);
    return voice;
  }

  /** POST /v1/voices/{id}/share-library: saves the sharing settings and shares the voice. */
  async shareLibrary(
    caller: KeyCaller,
    voiceId: string,
    input: VoiceSharingSettingsInput,
    emails?: string[],
  ) {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const voice = await this.ownVoice(workspaceId, voiceId);
    const before = await repo.findSharing(this.db, voiceId);
    const settings = {
      // Shared by invitation (emails) the first time: out of the library until the owner lists it.
      enableLibrary: input.enable_library ?? before?.enableLibrary ?? !emails?.length,
      noticePeriodDays: input.notice_period ?? before?.noticePeriodDays ?? DEFAULT_NOTICE_PERIOD_DAYS,
      customRate: input.custom_rate !== undefined ? input.custom_rate : (before?.customRate ?? null),
      liveModeration: input.enable_live_moderation ?? before?.liveModeration ?? false,
      freeUsersAllowed: input.free_users_allowed ?? before?.freeUsersAllowed ?? input.custom_rate == null,
      previewHistoryItemId:
        input.preview_history_item_id !== undefined
          ? input.preview_history_item_id
          : (before?.previewHistoryItemId ?? null),
      voiceMixingAllowed: input.voice_mixing_allowed ?? before?.voiceMixingAllowed ?? false,
      labels: input.labels ?? before?.labels ?? {},
      readerAppEnabled: input.reader_app_enabled ?? before?.readerAppEnabled ?? false,
      readerRestrictedOn: input.reader_restricted_on ?? before?.readerRestrictedOn ?? [],
    };
    const refused = refuseSharingSettings(settings, { isCopy: voice.copyOfVoiceId !== null });
    if (refused) throw badRequest(refused, 'invalid_sharing_settings');
    if (settings.previewHistoryItemId) {
      const item = await repo.findWorkspaceHistoryItem(this.db, workspaceId, settings.previewHistoryItemId);
      if (!item || item.voiceId !== voiceId)
        throw badRequest(
          'preview_history_item_id must be one of your generations made with this voice.',
          'invalid_preview_history_item',
        );
    }
    const identity = await repo.userIdentity(this.db, caller.userId);
    if (!identity) throw voiceNotFound(voiceId);
    await this.db.transaction(async (tx) => {
      await repo.upsertSharing(tx, {
        voiceId,
        workspaceId,
        publicOwnerId: before?.publicOwnerId ?? identity.publicUserId,
        status: 'enabled',
        ...settings,
        whitelistedEmails: emails ?? before?.whitelistedEmails ?? [],
        ...(before?.status === 'enabled' ? {} : { enabledAt: this.now(), disabledAt: null }),
      });
      await repo.cancelCopiesNotice(tx, voiceId);
    });
    return this.sharingOf(workspaceId, voiceId);
  }

  /** POST /v1/voices/{id}/share: sharing on or off; `emails` invite people to a voice kept out of the library. */
  async share(caller: KeyCaller, voiceId: string, input: { enable: boolean; emails?: string[] }) {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const voice = await this.ownVoice(workspaceId, voiceId);
    const before = await repo.findSharing(this.db, voiceId);
    if (input.enable) return this.shareLibrary(caller, voiceId, {}, input.emails);
    if (!before) throw badRequest('This voice is not shared.', 'voice_not_shared');
    if (before.status === 'disabled') return this.sharingOf(workspaceId, voiceId);
    const now = this.now();
    const disableAt = copyDisableAt(now, before.noticePeriodDays);
    const copies = await this.db.transaction(async (tx) => {
      await repo.upsertSharing(tx, { ...before, status: 'disabled', disabledAt: now });
      const started = await repo.startCopiesNotice(tx, voiceId, disableAt);
      // Each copying workspace's webhooks hear of it with the change (decision 121).
      for (const copy of started) {
        await emitWebhookEvent(tx, {
          workspaceId: copy.workspaceId,
          userId: null,
          type: 'voice_library_removal_notice',
          data: {
            voice_id: copy.id,
            voice_name: copy.name,
            original_voice_name: voice.name,
            removal_at_unix: Math.floor(disableAt.getTime() / 1000),
          },
        });
      }
      return started;
    });
    await this.noticeCopies(copies, voice.name, disableAt);
    return this.sharingOf(workspaceId, voiceId);
  }

  /** Before an own voice is deleted: if it is shared, sharing stops as if turned off (copies get the notice). */
  async stopBeforeDelete(caller: KeyCaller, voiceId: string): Promise<void> {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const sharing = await repo.findSharing(this.db, voiceId);
    if (sharing?.workspaceId === workspaceId && sharing.status === 'enabled')
      await this.share(caller, voiceId, { enable: false });
  }

  /** Tells every member of each copy's workspace when the copy stops working. */
  private async noticeCopies(copies: { workspaceId: string; name: string }[], original: string, at: Date) {
    const members = await repo.membersOf(this.db, [...new Set(copies.map((c) => c.workspaceId))]);
    for (const copy of copies) {
      const to = await recipientsWanting(
        this.db,
        'voice_library_removal',
        members.get(copy.workspaceId) ?? [],
      );
      if (to.length === 0) continue;
      await this.messages.notify(to, {
        severity: 'warning',
        title: `"${copy.name}" will be removed on ${at.toISOString().slice(0, 10)}`,
        description:
          `The owner of "${original}" stopped sharing it in the voice library. Your copy "${copy.name}" keeps ` +
          `working until ${at.toUTCString()}, then it is removed from your voices.`,
        needsAttention: true,
      });
    }
  }

  /** The owner's view of a voice's sharing, or null when it was never shared. */
  sharingOf(workspaceId: string, voiceId: string) {
    return loadOwnerSharing(this.db, workspaceId, voiceId);
  }

  /** GET /v1/shared-voices. */
  async list(caller: KeyCaller, q: SharedVoicesQuery) {
    const workspaceId = await this.workspaceFor(caller, VOICES_READ);
    const { rows, total } = await libraryRepo.listLibrary(this.db, q, { workspaceId });
    return {
      voices: rows.map((r) => presentLibraryVoice(r, this.publicUrl)),
      has_more: (q.page + 1) * q.page_size < total,
      total_count: total,
      last_sort_id: rows.at(-1)?.voice.id ?? null,
    };
  }

  /** Library voices by id in the order given (similar voices). */
  async byIds(workspaceId: string, ids: string[]) {
    const { rows } = await libraryRepo.listLibrary(
      this.db,
      { page: 0, page_size: 100 },
      { workspaceId, ids },
    );
    const byId = new Map(rows.map((r) => [r.voice.id, presentLibraryVoice(r, this.publicUrl)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** GET /v1/voices/{public_user_id}/{voice_id}: the voice's public page (in the library or shared by link). */
  async get(caller: KeyCaller, publicUserId: string, voiceId: string) {
    const workspaceId = await this.workspaceFor(caller, VOICES_READ);
    const { rows } = await libraryRepo.listLibrary(
      this.db,
      { page: 0, page_size: 1 },
      {
        workspaceId,
        address: { publicOwnerId: publicUserId, voiceId },
      },
    );
    const row = rows[0];
    if (!row) throw sharedNotFound(publicUserId, voiceId);
    if (!row.sharing.enableLibrary && row.sharing.workspaceId !== workspaceId) {
      const identity = await repo.userIdentity(this.db, caller.userId);
      if (!canSeeByInvitation(row.sharing.whitelistedEmails, identity?.email ?? null))
        throw sharedNotFound(publicUserId, voiceId);
    }
    return presentLibraryVoice(row, this.publicUrl);
  }

  /** POST /v1/voices/add/{public_user_id}/{voice_id}: a copy of a shared voice in the caller's voices. */
  async add(caller: KeyCaller, publicUserId: string, voiceId: string, newName: string) {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const shared = await repo.findShared(this.db, publicUserId, voiceId);
    if (!shared) throw sharedNotFound(publicUserId, voiceId);
    const identity = await repo.userIdentity(this.db, caller.userId);
    const copyId = newId();
    await this.db.transaction(async (tx) => {
      await customRepo.lockWorkspaceVoices(tx, workspaceId);
      const counts = await customRepo.voiceCounts(tx, workspaceId, addEditPeriodStart(this.now()));
      const refused = refuseLibraryAdd({
        sharing: shared.sharing,
        ownerWorkspaceId: shared.sharing.workspaceId,
        workspaceId,
        tier: counts.tier,
        email: identity?.email ?? null,
        alreadyAdded: (await repo.findCopy(tx, workspaceId, voiceId)) !== undefined,
      });
      if (refused) throw new AppError(refused.status, refused.code, refused.message);
      const limit = refuseVoiceAdd({
        voices: counts.voices,
        voiceLimit: customVoiceLimit(counts.tier),
        addEditsThisMonth: 0,
      });
      if (limit) throw refusal(limit);
      const { voice, sharing } = shared;
      await repo.insertCopy(tx, {
        id: copyId,
        workspaceId,
        createdBy: caller.userId,
        name: newName,
        description: voice.description,
        category: voice.category,
        labels: { ...voice.labels, ...sharing.labels },
        language: voice.language,
        profile: voice.profile,
        copyOfVoiceId: voice.id,
        copyPublicOwnerId: sharing.publicOwnerId,
        copyStatus: 'copied',
      });
    });
    return { voice_id: copyId };
  }

  /** GET /v1/voices/{id}/share/stats: uses of copies by other workspaces and copies made, per day. */
  async stats(caller: KeyCaller, voiceId: string, range: ShareStatsRange, readerApp: boolean) {
    const workspaceId = await this.workspaceFor(caller, VOICES_READ);
    await this.ownVoice(workspaceId, voiceId);
    const now = this.now();
    const since = statsRangeStart(range, now);
    const byDay = await shareStatsByDay(this.db, voiceId, since);
    // No reader app exists in this product: no generation ever came from one.
    if (readerApp) byDay.uses = [];
    return presentShareStats(voiceId, range, since, now, readerApp, byDay);
  }

  /** The voice and sharing behind a library address (for its public preview). */
  findShared(publicUserId: string, voiceId: string) {
    return repo.findShared(this.db, publicUserId, voiceId);
  }
}
