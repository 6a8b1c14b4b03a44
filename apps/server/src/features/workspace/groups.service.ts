import type { WorkspaceGroup } from '@vocalis/contracts/workspace';
import { WORKSPACE_MESSAGES } from '@vocalis/domain/workspace/workspace-permissions';
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { workspaceGroupMembers, workspaceGroups } from '../../db/schema/workspace-admin';
import { conflict, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { recordAudit, type AuditOrigin } from './audit';
import { requireAction, type WorkspaceCaller } from './workspace-access';
import * as repo from './workspace.repo';

const GROUP_NOT_FOUND = 'Group not found.';
const GROUP_EXISTS = 'A group with this name already exists.';

/** Groups of members (SDK workspace.groups): everyone reads them; admins create, rename, delete and fill them. */
export class GroupsService {
  constructor(private readonly db: AppDb) {}

  async list(caller: WorkspaceCaller, nameLike?: string): Promise<WorkspaceGroup[]> {
    requireAction(caller, 'read');
    const where = [eq(workspaceGroups.workspaceId, caller.workspaceId)];
    if (nameLike !== undefined)
      where.push(ilike(workspaceGroups.name, `%${nameLike.replace(/[%_\\]/g, '\\$&')}%`));
    const rows = await this.db
      .select({ id: workspaceGroups.id, name: workspaceGroups.name, email: users.email })
      .from(workspaceGroups)
      .leftJoin(workspaceGroupMembers, eq(workspaceGroupMembers.groupId, workspaceGroups.id))
      .leftJoin(users, eq(users.id, workspaceGroupMembers.userId))
      .where(and(...where))
      .orderBy(asc(workspaceGroups.name), asc(users.email));
    const groups = new Map<string, WorkspaceGroup>();
    for (const r of rows) {
      const g = groups.get(r.id) ?? { id: r.id, name: r.name, members: [] };
      if (r.email) g.members.push(r.email);
      groups.set(r.id, g);
    }
    return [...groups.values()];
  }

  private async group(caller: WorkspaceCaller, groupId: string) {
    const [row] = await this.db
      .select()
      .from(workspaceGroups)
      .where(and(eq(workspaceGroups.id, groupId), eq(workspaceGroups.workspaceId, caller.workspaceId)));
    if (!row) throw notFound(GROUP_NOT_FOUND, 'group_not_found');
    return row;
  }

  private async audit(
    tx: AppDb,
    caller: WorkspaceCaller,
    activity: string,
    message: string,
    metadata: object,
    origin: AuditOrigin,
  ) {
    const email = (await repo.userEmail(tx, caller.userId))?.email ?? null;
    await recordAudit(tx, {
      workspaceId: caller.workspaceId,
      actor: { userId: caller.userId, email },
      activity,
      className: 'workspace_group',
      message,
      metadata: { ...metadata },
      origin,
    });
  }

  private async nameFree(caller: WorkspaceCaller, name: string, except?: string) {
    const [row] = await this.db
      .select({ id: workspaceGroups.id })
      .from(workspaceGroups)
      .where(and(eq(workspaceGroups.workspaceId, caller.workspaceId), eq(workspaceGroups.name, name)));
    if (row && row.id !== except) throw conflict(GROUP_EXISTS, 'group_exists');
  }

  async create(caller: WorkspaceCaller, name: string, origin: AuditOrigin): Promise<WorkspaceGroup> {
    requireAction(caller, 'administer');
    await this.nameFree(caller, name);
    const id = newId();
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await tx.insert(workspaceGroups).values({ id, workspaceId: caller.workspaceId, name });
      await this.audit(
        tx,
        caller,
        'group_created',
        `Group "${name}" was created.`,
        { group_id: id, name },
        origin,
      );
    });
    return { id, name, members: [] };
  }

  async rename(caller: WorkspaceCaller, groupId: string, name: string, origin: AuditOrigin): Promise<void> {
    requireAction(caller, 'administer');
    const group = await this.group(caller, groupId);
    await this.nameFree(caller, name, group.id);
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await tx.update(workspaceGroups).set({ name }).where(eq(workspaceGroups.id, group.id));
      await this.audit(
        tx,
        caller,
        'group_renamed',
        `Group "${group.name}" was renamed to "${name}".`,
        { group_id: group.id, from: group.name, to: name },
        origin,
      );
    });
  }

  async remove(caller: WorkspaceCaller, groupId: string, origin: AuditOrigin): Promise<void> {
    requireAction(caller, 'administer');
    const group = await this.group(caller, groupId);
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await tx.delete(workspaceGroups).where(eq(workspaceGroups.id, group.id));
      await this.audit(
        tx,
        caller,
        'group_deleted',
        `Group "${group.name}" was deleted.`,
        { group_id: group.id },
        origin,
      );
    });
  }

  /** Adds a member of the workspace (by email) to the group; only members can join. */
  async addMember(
    caller: WorkspaceCaller,
    groupId: string,
    email: string,
    origin: AuditOrigin,
  ): Promise<void> {
    requireAction(caller, 'administer');
    const group = await this.group(caller, groupId);
    const member = await repo.findMemberByEmail(this.db, caller.workspaceId, email);
    if (!member) throw notFound(WORKSPACE_MESSAGES.notMember, 'member_not_found');
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await tx
        .insert(workspaceGroupMembers)
        .values({ groupId: group.id, userId: member.userId })
        .onConflictDoNothing();
      await this.audit(
        tx,
        caller,
        'group_member_added',
        `${email.toLowerCase()} was added to "${group.name}".`,
        { group_id: group.id, email: email.toLowerCase() },
        origin,
      );
    });
  }

  async removeMember(
    caller: WorkspaceCaller,
    groupId: string,
    email: string,
    origin: AuditOrigin,
  ): Promise<void> {
    requireAction(caller, 'administer');
    const group = await this.group(caller, groupId);
    const userId = await repo.findUserIdByEmail(this.db, email);
    const gone = userId
      ? await this.db
          .delete(workspaceGroupMembers)
          .where(and(eq(workspaceGroupMembers.groupId, group.id), eq(workspaceGroupMembers.userId, userId)))
          .returning({ id: workspaceGroupMembers.userId })
      : [];
    if (!gone.length) throw notFound('This user is not in the group.', 'group_member_not_found');
    await this.audit(
      this.db,
      caller,
      'group_member_removed',
      `${email.toLowerCase()} was removed from "${group.name}".`,
      { group_id: group.id, email: email.toLowerCase() },
      origin,
    );
  }
}
