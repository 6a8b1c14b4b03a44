import type { EditUserMetadataBody, User } from '@vocalis/contracts/user';
import { isStaffEmail } from '@vocalis/domain/staff-accounts';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import type { AccountState } from '../../db/schema/user-profiles';
import { badRequest, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { EventBus } from '../../live/event-bus';
import type { WorkspaceUsage } from '../usage/usage.service';
import { joinInvitedWorkspace } from '../workspace/sign-up-invite';
import { currentMembershipLocked } from '../workspace/workspace.repo';
import { firstNameFromAccountName } from './first-name';
import { readOptOutKey } from './opt-out-key';
import { presentUser } from './user.presenter';
import { accountOf, type UserAccount } from './user-account.repo';
import * as repo from './user.repo';

/** Why a user may not sign in, as the better-auth error code and the spec's text (a ban adds its appeal link). */
export type SignInBlock = { code: string; message: string; appeal_url?: string };

const BLOCKS: Record<Exclude<AccountState, 'active'>, string> = {
  disabled: 'ACCOUNT_DISABLED',
  deleted: 'ACCOUNT_DELETED',
  banned: 'BANNED_USER',
};

/** The user entity of accounts.md §3: profile, personal workspace, account state. */
export class UserService {
  constructor(
    private readonly db: AppDb,
    private readonly config: Config,
    private readonly bus: EventBus,
    private readonly messages: Record<Exclude<AccountState, 'active'>, string>,
    /** The workspace quota for the subscription's character fields (absent in the admin CLI). */
    private readonly usage?: { usage(workspaceId: string, tier: string): Promise<WorkspaceUsage> },
  ) {}

  /** Every new user gets a profile with the spec's defaults and a personal workspace where they are admin. */
  async createPersonalAccount(
    user: { id: string; name: string; email: string },
    opts: { needsOnboarding?: boolean } = {},
  ): Promise<void> {
    await repo.insertPersonalAccount(this.db, {
      userId: user.id,
      workspaceId: newId(),
      workspaceName: `${user.name || user.email.split('@')[0]}'s Workspace`,
      publicUserId: newId(32).toLowerCase(),
      isInternal: false,
      needsOnboarding: opts.needsOnboarding ?? false,
      firstName: firstNameFromAccountName(user.name, user.email),
    });
    // A sign-up that carried a workspace invite code lands in that workspace (issue 11).
    await joinInvitedWorkspace(this.db, user);
  }

  /** The profile, creating the personal account first if an interrupted sign-up left it missing. */
  private async profileOf(userId: string): Promise<{ user: repo.UserRow; profile: repo.ProfileRow }> {
    const user = await repo.findUser(this.db, userId);
    if (!user) throw notFound('User not found.', 'user_not_found');
    let profile = await repo.findProfile(this.db, userId);
    if (!profile) {
      await this.createPersonalAccount(user);
      profile = await repo.findProfile(this.db, userId);
    }
    return { user, profile: profile! };
  }

  /** Null when the user may sign in; otherwise the code and text of the spec's sign-in failure. */
  async signInBlock(userId: string): Promise<SignInBlock | null> {
    const [row] = await repo.accountStates(this.db, [userId]);
    // A workspace admin disabled the member in the workspace they work in (members.update is_locked).
    if (row?.state === 'active' && (await currentMembershipLocked(this.db, userId))) {
      return { code: BLOCKS.disabled, message: this.messages.disabled };
    }
    if (!row || row.state === 'active') return null;
    const block = { code: BLOCKS[row.state], message: this.messages[row.state] };
    // accounts.md §6: suspended accounts see the notice "with an appeal link".
    return row.state === 'banned' ? { ...block, appeal_url: this.config.appealUrl } : block;
  }

  /** Sets the account state (workspace admin disabling, deletion tombstone, ban); a blocked account's sessions end. */
  async setAccountState(userId: string, state: AccountState, reason?: string): Promise<void> {
    await repo.updateProfile(this.db, userId, {
      accountState: state,
      accountStateReason: reason ?? null,
      accountStateChangedAt: new Date(),
    });
    if (state !== 'active') await repo.deleteSessions(this.db, userId);
  }

  /**
   * GET /v1/user; the workspace is the token's claim when the user is a member of it, else the profile's.
   * `current` is the current workspace the request already read with the credentials (plugins/auth): then
   * the user is read in one statement; otherwise (or when that does not fit) the step-by-step reads below.
   */
  async get(userId: string, claimedWorkspaceId?: string, current?: { id: string } | null): Promise<User> {
    const workspaceId = claimedWorkspaceId ?? current?.id;
    const account = workspaceId ? await accountOf(this.db, userId, workspaceId) : undefined;
    if (
      account?.profile &&
      account.membership &&
      (claimedWorkspaceId || account.profile.workspaceId === workspaceId)
    ) {
      return this.present({ ...account, profile: account.profile, membership: account.membership });
    }
    return this.getStepByStep(userId, claimedWorkspaceId);
  }

  private async getStepByStep(userId: string, claimedWorkspaceId?: string): Promise<User> {
    const { user, profile } = await this.profileOf(userId);
    let membership = claimedWorkspaceId
      ? await repo.findMembership(this.db, userId, claimedWorkspaceId)
      : undefined;
    membership ??= profile.workspaceId
      ? await repo.findMembership(this.db, userId, profile.workspaceId)
      : undefined;
    if (!membership) {
      // The current workspace went away: fall back to any workspace the user belongs to.
      const [first] = await repo.listWorkspaceIds(this.db, userId);
      membership = first ? await repo.findMembership(this.db, userId, first) : undefined;
      if (!membership) throw notFound('The user has no workspace.', 'workspace_not_found');
      await repo.updateProfile(this.db, userId, { workspaceId: first });
    }
    const [apiKeyPreview, totpEnrolledAt, smsEnrolledAt] = await Promise.all([
      repo.latestApiKeyPreview(this.db, userId),
      repo.totpEnrolledAt(this.db, userId),
      repo.smsEnrolledAt(this.db, userId),
    ]);
    return this.present({ user, profile, membership, apiKeyPreview, totpEnrolledAt, smsEnrolledAt });
  }

  private async present(
    account: UserAccount & { profile: repo.ProfileRow; membership: NonNullable<UserAccount['membership']> },
  ): Promise<User> {
    const { user, profile, membership } = account;
    const usage = await this.usage?.usage(membership.workspace.id, membership.workspace.subscriptionTier);
    const presented = presentUser({
      user,
      profile,
      member: membership.member,
      apiKeyPreview: account.apiKeyPreview,
      totpEnrolledAt: account.totpEnrolledAt,
      usage,
    });
    // Staff accounts (a verified address at a configured company domain) are internal (accounts.md §6).
    const staff = isStaffEmail(user.email, user.emailVerified, this.config.staffEmailDomains);
    // The phone (SMS) second factor (features/two-factor).
    const smsAt = account.smsEnrolledAt;
    return {
      ...presented,
      ...(staff && { is_internal: true }),
      sms_mfa_factor: smsAt ? { enrolled_at_unix: Math.floor(smsAt.getTime() / 1000) } : null,
    };
  }

  /** The workspaces whose live documents the user may read. */
  workspaceIds(userId: string): Promise<string[]> {
    return repo.listWorkspaceIds(this.db, userId);
  }

  /** POST /v1/user/edit-user-metadata: only the given fields change. */
  async editMetadata(userId: string, body: EditUserMetadataBody): Promise<User> {
    await this.profileOf(userId);
    await repo.updateProfile(this.db, userId, {
      agreesToProductUpdates: body.agrees_to_product_updates,
      geoLocation: body.geo_location,
      allowedToExtendCharacterLimit: body.allowed_to_extend_character_limit,
      maxCharacterLimitExtension: body.max_character_limit_extension,
      ccpaOptOut: body.ccpa_opt_out,
    });
    return this.publish(userId);
  }

  /** POST /v1/user/dismiss-moderation-warning. */
  async dismissModerationWarning(userId: string): Promise<User> {
    await this.profileOf(userId);
    await repo.updateProfile(this.db, userId, { moderationWarningDismissed: true });
    return this.publish(userId);
  }

  /** POST /v1/user/opt-out-of-updates: the key from a product-update mail identifies the user. */
  async optOutOfUpdates(key: string): Promise<void> {
    const userId = readOptOutKey(this.config.authSecret, key);
    const updated = userId
      ? await repo.updateProfile(this.db, userId, { agreesToProductUpdates: false })
      : undefined;
    if (!updated) throw badRequest('The opt-out link is invalid.', 'invalid_opt_out_key');
    await this.publish(updated.userId);
  }

  /** Reads the user afresh and sends it to their live clients. */
  async publish(userId: string): Promise<User> {
    const user = await this.get(userId);
    this.bus.publish({
      collection: 'user',
      op: 'update',
      id: userId,
      data: user,
      audience: { userIds: [userId] },
    });
    return user;
  }
}
