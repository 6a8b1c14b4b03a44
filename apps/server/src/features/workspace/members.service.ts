import type {
  SeatStatus,
  WorkspaceMember,
  WorkspaceOverview,
  WorkspaceSummary,
} from '@vocalis/contracts/workspace';
import {
  roleOfSeatType,
  seatStatus,
  seatTypeOfRole,
  WORKSPACE_MESSAGES,
} from '@vocalis/domain/workspace/workspace-permissions';
import type { AppDb } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { recordAudit, type AuditOrigin } from './audit';
import { requireAction, type WorkspaceCaller } from './workspace-access';
import * as repo from './workspace.repo';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** Members, roles, locking, leaving, ownership and switching between workspaces (decision 110). */
export class MembersService {
  constructor(private readonly db: AppDb) {}

  private async workspace(id: string) {
    const ws = await repo.findWorkspace(this.db, id);
    if (!ws) throw notFound('Workspace not found.', 'workspace_not_found');
    return ws;
  }

  async actorEmail(userId: string): Promise<string | null> {
    return (await repo.userEmail(this.db, userId))?.email ?? null;
  }

  async seats(workspaceId: string): Promise<SeatStatus> {
    const ws = await this.workspace(workspaceId);
    const used = await this.db.transaction((tx) =>
      repo.seatsInUse(tx as unknown as AppDb, ws.id, new Date()),
    );
    return seatStatus(ws.subscriptionTier, ws.extraSeats, used.members, used.pendingInvites);
  }

  async overview(caller: WorkspaceCaller): Promise<WorkspaceOverview> {
    const ws = await this.workspace(caller.workspaceId);
    const seats = await this.seats(ws.id);
    return {
      workspace_id: ws.id,
      name: ws.name,
      owner_id: ws.ownerId,
      is_personal: ws.isPersonal,
      subscription: { tier: ws.subscriptionTier },
      max_seats: seats.limit,
      seats,
      role: caller.role === 'admin' ? 'admin' : 'editor',
      is_admin: caller.role === 'admin',
      is_owner: caller.isOwner,
      training_opt_out: ws.trainingOptOut,
    };
  }

  async workspacesOf(userId: string, currentId: string | null): Promise<WorkspaceSummary[]> {
    const rows = await repo.listWorkspacesOf(this.db, userId);
    return rows.map((r) => ({
      workspace_id: r.id,
      name: r.name,
      role: r.role,
      is_personal: r.isPersonal,
      is_owner: r.ownerId === userId,
      is_current: r.id === currentId,
    }));
  }

  /** Makes another workspace of the user's their current one (404 for one they do not belong to). */
  async switchTo(userId: string, workspaceId: string): Promise<void> {
    const member = await repo.findMember(this.db, workspaceId, userId);
    if (!member || member.isLocked) throw notFound('Workspace not found.', 'workspace_not_found');
    await repo.setCurrentWorkspace(this.db, userId, workspaceId);
  }

  async members(caller: WorkspaceCaller): Promise<WorkspaceMember[]> {
    requireAction(caller, 'read');
    const ws = await this.workspace(caller.workspaceId);
    const rows = await repo.listMembers(this.db, ws.id);
    return rows.map((r) => ({
      user_id: r.userId,
      email: r.email,
      first_name: r.firstName,
      seat_type: seatTypeOfRole(r.role),
      role: r.role,
      is_owner: r.userId === ws.ownerId,
      is_locked: r.isLocked,
      joined_at_unix: unix(r.createdAt),
    }));
  }

  /** A member other than the owner, by email; 404 when not a member. */
  private async otherMember(caller: WorkspaceCaller, email: string) {
    const ws = await this.workspace(caller.workspaceId);
    const member = await repo.findMemberByEmail(this.db, ws.id, email);
    if (!member) throw notFound(WORKSPACE_MESSAGES.notMember, 'member_not_found');
    if (member.userId === ws.ownerId)
      throw forbidden(WORKSPACE_MESSAGES.ownerCannotBeChanged, 'owner_unchangeable');
    return { ws, member };
  }

  /** SDK members.update: change the role (seat type) or lock (disable) the member. Admins only. */
  async update(
    caller: WorkspaceCaller,
    body: { email: string; is_locked?: boolean; workspace_role?: string; workspace_seat_type?: string },
    origin: AuditOrigin,
  ): Promise<void> {
    requireAction(caller, 'administer');
    const { ws, member } = await this.otherMember(caller, body.email);
    const role = roleOfSeatType(body.workspace_role ?? body.workspace_seat_type);
    const actor = { userId: caller.userId, email: await this.actorEmail(caller.userId) };
    if (role && role !== member.role) {
      await this.db.transaction(async (t) => {
        const tx = t as unknown as AppDb;
        await repo.setRole(tx, ws.id, member.userId, role);
        await recordAudit(tx, {
          workspaceId: ws.id,
          actor,
          activity: 'member_role_changed',
          className: 'workspace_member',
          message: `${body.email.toLowerCase()} is now ${role === 'admin' ? 'an admin' : 'an editor'}.`,
          metadata: { email: body.email.toLowerCase(), user_id: member.userId, from: member.role, to: role },
          origin,
        });
      });
    }
    if (body.is_locked !== undefined && body.is_locked !== member.isLocked) {
      await this.db.transaction(async (t) => {
        const tx = t as unknown as AppDb;
        await repo.setLocked(tx, ws.id, member.userId, body.is_locked!);
        await recordAudit(tx, {
          workspaceId: ws.id,
          actor,
          activity: body.is_locked ? 'member_locked' : 'member_unlocked',
          className: 'workspace_member',
          message: `${body.email.toLowerCase()} was ${body.is_locked ? 'disabled' : 'enabled again'}.`,
          metadata: { email: body.email.toLowerCase(), user_id: member.userId },
          origin,
        });
      });
    }
  }

  /** Removes a member (admins only; never the owner). Their sessions and keys lose the workspace at once. */
  async remove(caller: WorkspaceCaller, email: string, origin: AuditOrigin): Promise<void> {
    requireAction(caller, 'administer');
    const { ws, member } = await this.otherMember(caller, email);
    const actorEmail = await this.actorEmail(caller.userId);
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await repo.removeMember(tx, ws.id, member.userId);
      await recordAudit(tx, {
        workspaceId: ws.id,
        actor: { userId: caller.userId, email: actorEmail },
        activity: 'member_removed',
        className: 'workspace_member',
        message: `${email.toLowerCase()} was removed from the workspace.`,
        metadata: { email: email.toLowerCase(), user_id: member.userId },
        origin,
      });
    });
  }

  /** The caller leaves their current workspace (not its owner) and lands in another one of theirs. */
  async leave(caller: WorkspaceCaller, origin: AuditOrigin): Promise<void> {
    requireAction(caller, 'leave');
    const email = await this.actorEmail(caller.userId);
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await repo.removeMember(tx, caller.workspaceId, caller.userId);
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actor: { userId: caller.userId, email },
        activity: 'member_left',
        className: 'workspace_member',
        message: `${email ?? caller.userId} left the workspace.`,
        origin,
      });
    });
  }

  /** The owner hands the workspace to another member, who becomes an admin; the old owner stays an admin. */
  async transferOwnership(caller: WorkspaceCaller, email: string, origin: AuditOrigin): Promise<void> {
    requireAction(caller, 'transfer_ownership');
    const ws = await this.workspace(caller.workspaceId);
    const member = await repo.findMemberByEmail(this.db, ws.id, email);
    if (!member || member.isLocked) throw notFound(WORKSPACE_MESSAGES.notMember, 'member_not_found');
    if (member.userId === caller.userId) throw badRequest('You already own this workspace.', 'already_owner');
    const actorEmail = await this.actorEmail(caller.userId);
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await repo.setRole(tx, ws.id, member.userId, 'admin');
      await repo.setOwner(tx, ws.id, member.userId);
      await recordAudit(tx, {
        workspaceId: ws.id,
        actor: { userId: caller.userId, email: actorEmail },
        activity: 'ownership_transferred',
        className: 'workspace',
        message: `Ownership was transferred to ${email.toLowerCase()}.`,
        metadata: { from_user_id: caller.userId, to_user_id: member.userId },
        origin,
      });
    });
  }
}
