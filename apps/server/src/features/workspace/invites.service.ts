import { randomBytes } from 'node:crypto';
import type { PendingInvite, ReceivedInvite } from '@vocalis/contracts/workspace';
import {
  roleOfSeatType,
  seatLimit,
  seatTypeOfRole,
  WORKSPACE_MESSAGES,
} from '@vocalis/domain/workspace/workspace-permissions';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { Mailer } from '../../mail/mailer';
import { recordAudit, type AuditOrigin } from './audit';
import * as invites from './invites.repo';
import { requireAction, type WorkspaceCaller } from './workspace-access';
import * as repo from './workspace.repo';

/** How long an invite's link works. */
export const INVITE_LIFETIME_MS = 7 * 24 * 3600 * 1000;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The mailed invitation: a link to the invite page (or to sign-up for an address without an account). */
export function inviteMail(
  config: Config,
  to: string,
  code: string,
  workspaceName: string,
  inviter: string | null,
  hasAccount: boolean,
) {
  const link = new URL(hasAccount ? '/app/settings/workspace-invites' : '/sign-up', config.publicUrl);
  link.searchParams.set('invite_code', code);
  return {
    to,
    subject: `You have been invited to join ${workspaceName} on Vocalis`,
    text: [
      'Hello,',
      '',
      `${inviter ?? 'A workspace admin'} invited you to join the workspace "${workspaceName}" on Vocalis.`,
      '',
      'Follow this link to accept or decline the invitation:',
      '',
      link.href,
      '',
      'The invitation is valid for 7 days. If you did not expect it, you can ignore this email.',
    ].join('\n'),
  };
}

/** Invitations: sending (one or many), listing and revoking them, accepting or declining (decision 110). */
export class InvitesService {
  constructor(
    private readonly db: AppDb,
    private readonly config: Config,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Invites addresses to the caller's workspace (admins only). All or nothing: an address that is already a
   * member or invited, or too few free seats, refuses the whole call; a mail refused by the mail limit
   * withdraws the invites not yet mailed.
   */
  async invite(
    caller: WorkspaceCaller,
    input: { emails: string[]; seatType?: string; groupIds?: string[] },
    origin: AuditOrigin,
  ): Promise<void> {
    requireAction(caller, 'administer');
    const emails = [...new Set(input.emails.map((e) => e.trim().toLowerCase()))];
    const role = roleOfSeatType(input.seatType) ?? 'editor';
    const ws = await repo.findWorkspace(this.db, caller.workspaceId);
    if (!ws) throw notFound('Workspace not found.', 'workspace_not_found');
    const inviter = (await repo.userEmail(this.db, caller.userId))?.email ?? null;
    const now = new Date();
    const made: { id: string; email: string; code: string }[] = [];
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      const used = await repo.seatsInUse(tx, ws.id, now);
      for (const email of emails) {
        if (await repo.findMemberByEmail(tx, ws.id, email)) {
          throw conflict(`${email}: ${WORKSPACE_MESSAGES.alreadyMember}`, 'already_member');
        }
        await invites.deleteExpired(tx, ws.id, email, now);
        if (await invites.findInvite(tx, ws.id, email)) {
          throw conflict(`${email}: ${WORKSPACE_MESSAGES.alreadyInvited}`, 'already_invited');
        }
      }
      const limit = seatLimit(ws.subscriptionTier, ws.extraSeats);
      if (used.members + used.pendingInvites + emails.length > limit) {
        throw forbidden(WORKSPACE_MESSAGES.noSeats(limit), 'seat_limit_reached');
      }
      for (const email of emails) {
        const code = randomBytes(24).toString('base64url');
        const id = newId();
        await invites.insertInvite(tx, {
          id,
          workspaceId: ws.id,
          email,
          codeHash: repo.hashInviteCode(code),
          role,
          groupIds: input.groupIds ?? [],
          invitedBy: caller.userId,
          expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
        });
        await recordAudit(tx, {
          workspaceId: ws.id,
          actor: { userId: caller.userId, email: inviter },
          activity: 'member_invited',
          className: 'workspace_invite',
          message: `${email} was invited as ${role === 'admin' ? 'an admin' : 'an editor'}.`,
          metadata: { email, role },
          origin,
        });
        made.push({ id, email, code });
      }
    });
    for (const [i, one] of made.entries()) {
      const hasAccount = Boolean(await repo.findUserIdByEmail(this.db, one.email));
      try {
        await this.mailer.send(inviteMail(this.config, one.email, one.code, ws.name, inviter, hasAccount));
      } catch (err) {
        for (const rest of made.slice(i)) await invites.deleteInvite(this.db, rest.id);
        throw err;
      }
    }
  }

  async pending(caller: WorkspaceCaller): Promise<PendingInvite[]> {
    requireAction(caller, 'administer');
    const rows = await invites.listPendingInvites(this.db, caller.workspaceId, new Date());
    return rows.map(({ invite, invitedByEmail }) => ({
      email: invite.email,
      role: invite.role,
      seat_type: seatTypeOfRole(invite.role),
      invited_by_email: invitedByEmail,
      created_at_unix: unix(invite.createdAt),
      expires_at_unix: unix(invite.expiresAt),
    }));
  }

  /** SDK invites.delete: withdraws the pending invite of an address (admins only). */
  async revoke(caller: WorkspaceCaller, email: string, origin: AuditOrigin): Promise<void> {
    requireAction(caller, 'administer');
    const invite = await invites.findInvite(this.db, caller.workspaceId, email);
    if (!invite) throw notFound(WORKSPACE_MESSAGES.inviteNotFound, 'invite_not_found');
    const actorEmail = (await repo.userEmail(this.db, caller.userId))?.email ?? null;
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await invites.deleteInvite(tx, invite.id);
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actor: { userId: caller.userId, email: actorEmail },
        activity: 'invite_revoked',
        className: 'workspace_invite',
        message: `The invitation of ${invite.email} was revoked.`,
        metadata: { email: invite.email },
        origin,
      });
    });
  }

  /** Invites sent to the caller's (verified) address. */
  async received(userId: string): Promise<ReceivedInvite[]> {
    const me = await repo.userEmail(this.db, userId);
    if (!me?.verified) return [];
    const rows = await invites.listInvitesFor(this.db, me.email, new Date());
    return rows.map(({ invite, workspaceName, invitedByEmail }) => ({
      invite_id: invite.id,
      workspace_id: invite.workspaceId,
      workspace_name: workspaceName,
      role: invite.role,
      invited_by_email: invitedByEmail,
      created_at_unix: unix(invite.createdAt),
      expires_at_unix: unix(invite.expiresAt),
    }));
  }

  /**
   * The caller's invite by the code of its link, or by its id (from their own list): only the address it
   * was sent to may use it, once verified.
   */
  private async ownInvite(userId: string, codeOrId: string) {
    const me = await repo.userEmail(this.db, userId);
    const invite =
      (await invites.findInviteByCodeHash(this.db, repo.hashInviteCode(codeOrId))) ??
      (await invites.findInviteById(this.db, codeOrId));
    if (!invite || invite.expiresAt <= new Date()) {
      throw notFound(WORKSPACE_MESSAGES.inviteNotFound, 'invite_not_found');
    }
    if (!me || !me.verified || me.email.toLowerCase() !== invite.email) {
      throw forbidden(WORKSPACE_MESSAGES.inviteOtherEmail, 'invite_other_email');
    }
    return { invite, email: me.email };
  }

  /** Accepts: the caller becomes a member (if a seat is free) and the workspace becomes their current one. */
  async accept(userId: string, codeOrId: string, origin: AuditOrigin) {
    const { invite, email } = await this.ownInvite(userId, codeOrId);
    return joinWorkspace(this.db, userId, email, invite, origin);
  }

  async decline(userId: string, codeOrId: string, origin: AuditOrigin): Promise<void> {
    const { invite, email } = await this.ownInvite(userId, codeOrId);
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await invites.deleteInvite(tx, invite.id);
      await recordAudit(tx, {
        workspaceId: invite.workspaceId,
        actor: { userId, email },
        activity: 'invite_declined',
        className: 'workspace_invite',
        message: `${email} declined the invitation.`,
        metadata: { email },
        origin,
      });
    });
  }
}

/** The invitee joins: membership (if a seat is free), the invite's groups, and it becomes their current workspace. */
async function joinWorkspace(
  db: AppDb,
  userId: string,
  email: string,
  invite: invites.InviteRow,
  origin: AuditOrigin | null,
) {
  const ws = await repo.findWorkspace(db, invite.workspaceId);
  if (!ws) throw notFound(WORKSPACE_MESSAGES.inviteNotFound, 'invite_not_found');
  await db.transaction(async (t) => {
    const tx = t as unknown as AppDb;
    const used = await repo.seatsInUse(tx, ws.id, new Date());
    const limit = seatLimit(ws.subscriptionTier, ws.extraSeats);
    if (used.members >= limit) throw forbidden(WORKSPACE_MESSAGES.noSeats(limit), 'seat_limit_reached');
    if (!(await invites.deleteInvite(tx, invite.id))) {
      throw notFound(WORKSPACE_MESSAGES.inviteNotFound, 'invite_not_found');
    }
    await repo.addMember(tx, ws.id, userId, invite.role);
    await repo.addToGroups(tx, ws.id, invite.groupIds, userId);
    await repo.setCurrentWorkspace(tx, userId, ws.id);
    await recordAudit(tx, {
      workspaceId: ws.id,
      actor: { userId, email },
      activity: 'invite_accepted',
      className: 'workspace_invite',
      message: `${email} accepted the invitation and joined as ${invite.role === 'admin' ? 'an admin' : 'an editor'}.`,
      metadata: { email, role: invite.role },
      ...(origin && { origin }),
    });
  });
  return { status: 'ok', workspace_id: ws.id, workspace_name: ws.name };
}

/**
 * Sign-up carrying an invite code (pre-sign-up's invite_code): the new account joins the workspace at
 * once when the code is a pending invite to its address (the code came in a mail to it). Anything else is
 * left for the invites page.
 */
export async function acceptInviteOnSignUp(
  db: AppDb,
  userId: string,
  email: string,
  code: string | null | undefined,
): Promise<boolean> {
  if (!code) return false;
  const invite = await invites.findInviteByCodeHash(db, repo.hashInviteCode(code));
  if (!invite || invite.expiresAt <= new Date() || invite.email !== email.toLowerCase()) return false;
  try {
    await joinWorkspace(db, userId, email.toLowerCase(), invite, null);
    return true;
  } catch {
    return false; // no seat left: the invite stays on the invites page
  }
}
