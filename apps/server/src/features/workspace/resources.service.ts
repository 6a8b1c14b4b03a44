import type {
  ResourceMetadata,
  ShareResourceBody,
  UnshareResourceBody,
} from '@vocalis/contracts/workspace-resources';
import {
  RESOURCE_MESSAGES,
  resourceBaseline,
  resourceTypeOf,
  type ResourceLevel,
} from '@vocalis/domain/workspace/resource-permissions';
import { ResourceAccess, type ResourceCaller } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { recordAudit, type AuditOrigin } from './audit';
import * as repo from './resources.repo';
import { requireAction, workspaceCaller } from './workspace-access';
import * as wsRepo from './workspace.repo';

const resourceNotFound = () => notFound(RESOURCE_MESSAGES.notFound, 'resource_not_found');

/**
 * Sharing of a workspace's resources (SDK workspace.resources, decision 165): a resource's grants, share and
 * unshare with a member, group, service account (by its key) or every member (`default`), ownership transfer.
 * Every call starts with the one check (auth/resource-access.ts over packages/domain).
 */
export class ResourcesService {
  constructor(private readonly db: AppDb) {}

  /** The resource of the caller's workspace and their access to it; 404 when they may not read it. */
  private async open(principal: Principal, typeName: string, id: string) {
    const caller = workspaceCaller(principal);
    requireAction(caller, 'read');
    const type = resourceTypeOf(typeName);
    if (!type) throw resourceNotFound();
    const resource = await repo.findResource(this.db, caller.workspaceId, type, id);
    if (!resource) throw resourceNotFound();
    const access = await ResourceAccess.load(this.db, principal as ResourceCaller, type);
    if (!access.can(id, resource.creatorId, 'read')) throw resourceNotFound();
    return { caller, type, resource, access };
  }

  async get(principal: Principal, typeName: string, id: string): Promise<ResourceMetadata> {
    const { caller, type, resource, access } = await this.open(principal, typeName, id);
    const grants = await repo.grantsOf(this.db, caller.workspaceId, type, id);
    const options = await repo.shareOptions(this.db, caller.workspaceId);
    const roleToGroups: Record<string, string[]> = {};
    for (const g of grants) {
      if (g.granteeType === 'user') continue;
      (roleToGroups[g.role] ??= []).push(g.granteeType === 'default' ? 'default' : g.granteeId);
    }
    const creatorEmail = resource.creatorId
      ? ((await wsRepo.userEmail(this.db, resource.creatorId))?.email ?? null)
      : null;
    const ownDefault = grants.find((g) => g.granteeType === 'default')?.role as ResourceLevel | undefined;
    const workspaceAllMembers = await repo.workspaceAllMembers(this.db, caller.workspaceId);
    const baseline = resourceBaseline(ownDefault, workspaceAllMembers, type);
    return {
      resource_id: resource.id,
      resource_name: resource.name,
      resource_type: type,
      creator_user_id: resource.creatorId,
      creator_email: creatorEmail,
      anonymous_access_level_override: null,
      role_to_group_ids: roleToGroups,
      share_options: [
        ...options.members.map((m) => ({ name: m.email, id: m.id, type: 'user' as const })),
        ...options.groups.map((g) => ({ name: g.name, id: g.id, type: 'group' as const })),
        ...options.keys.map((k) => ({ name: k.name, id: k.id, type: 'key' as const })),
      ],
      grants: grants.map((g) => ({
        grantee_type: g.granteeType,
        grantee_id: g.granteeId,
        name: g.granteeType === 'user' ? g.email : g.granteeType === 'group' ? g.groupName : null,
        role: g.role,
      })),
      baseline_role: baseline,
      your_role: access.level(id, resource.creatorId),
      can_transfer_ownership: access.can(id, resource.creatorId, 'transfer_ownership'),
    };
  }

  /** The grantee the body names (exactly one of user_email, group_id, workspace_api_key_id). */
  private async grantee(workspaceId: string, body: UnshareResourceBody) {
    const given = [body.user_email, body.group_id, body.workspace_api_key_id].filter((x) => x !== undefined);
    if (given.length !== 1) throw badRequest(RESOURCE_MESSAGES.oneTarget, 'invalid_share_target');
    if (body.group_id === 'default')
      return { grantee: { type: 'default' as const, id: '' }, label: 'all members' };
    if (body.group_id !== undefined) {
      const name = await repo.groupName(this.db, workspaceId, body.group_id);
      if (name === undefined) throw notFound(RESOURCE_MESSAGES.groupNotFound, 'group_not_found');
      return { grantee: { type: 'group' as const, id: body.group_id }, label: `group ${name}` };
    }
    if (body.workspace_api_key_id !== undefined) {
      const sa = await repo.serviceAccountOfKey(this.db, workspaceId, body.workspace_api_key_id);
      if (!sa) throw notFound(RESOURCE_MESSAGES.keyNotFound, 'api_key_not_found');
      return { grantee: { type: 'user' as const, id: sa.userId }, label: `service account ${sa.name}` };
    }
    const member = await wsRepo.findMemberByEmail(this.db, workspaceId, body.user_email!);
    if (!member) throw notFound(RESOURCE_MESSAGES.userNotMember, 'member_not_found');
    return { grantee: { type: 'user' as const, id: member.userId }, label: body.user_email!.toLowerCase() };
  }

  private async audit(
    tx: AppDb,
    principal: Principal,
    workspaceId: string,
    activity: string,
    message: string,
    metadata: object,
    origin: AuditOrigin,
  ) {
    const email = (await wsRepo.userEmail(tx, principal.userId))?.email ?? null;
    await recordAudit(tx, {
      workspaceId,
      actor: { userId: principal.userId, email },
      activity,
      className: 'workspace_resource',
      message,
      metadata: { ...metadata },
      origin,
    });
  }

  async share(principal: Principal, id: string, body: ShareResourceBody, origin: AuditOrigin): Promise<void> {
    const { caller, type, resource, access } = await this.open(principal, body.resource_type, id);
    access.require(id, resource.creatorId, 'share', resourceNotFound);
    const { grantee, label } = await this.grantee(caller.workspaceId, body);
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDb;
      await repo.putGrant(tx, caller.workspaceId, type, id, grantee, body.role, principal.userId);
      await this.audit(
        tx,
        principal,
        caller.workspaceId,
        'resource_shared',
        `Shared ${type} "${resource.name}" with ${label} as ${body.role}.`,
        {
          resource_type: type,
          resource_id: id,
          grantee_type: grantee.type,
          grantee_id: grantee.id,
          role: body.role,
        },
        origin,
      );
    });
  }

  /**
   * Removes the grantee's role. For `default` the baseline becomes `none` (stored as a grant), so only the
   * creator, workspace admins and grantees keep access: that is how a resource is made private.
   */
  async unshare(
    principal: Principal,
    id: string,
    body: UnshareResourceBody,
    origin: AuditOrigin,
  ): Promise<void> {
    const { caller, type, resource, access } = await this.open(principal, body.resource_type, id);
    access.require(id, resource.creatorId, 'share', resourceNotFound);
    const { grantee, label } = await this.grantee(caller.workspaceId, body);
    if (grantee.type === 'user' && grantee.id === resource.creatorId)
      throw badRequest(RESOURCE_MESSAGES.creatorCannotBeUnshared, 'creator_cannot_be_unshared');
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDb;
      if (grantee.type === 'default')
        await repo.putGrant(tx, caller.workspaceId, type, id, grantee, 'none', principal.userId);
      else await repo.dropGrant(tx, caller.workspaceId, type, id, grantee);
      await this.audit(
        tx,
        principal,
        caller.workspaceId,
        'resource_unshared',
        `Unshared ${type} "${resource.name}" from ${label}.`,
        { resource_type: type, resource_id: id, grantee_type: grantee.type, grantee_id: grantee.id },
        origin,
      );
    });
  }

  /** Makes another member the resource's creator; the previous creator keeps admin access through a grant. */
  async transferOwnership(
    principal: Principal,
    id: string,
    typeName: string,
    email: string,
    origin: AuditOrigin,
  ): Promise<void> {
    const { caller, type, resource, access } = await this.open(principal, typeName, id);
    access.require(id, resource.creatorId, 'transfer_ownership', resourceNotFound);
    const member = await wsRepo.findMemberByEmail(this.db, caller.workspaceId, email);
    if (!member) throw notFound(RESOURCE_MESSAGES.userNotMember, 'member_not_found');
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDb;
      await repo.setCreator(tx, caller.workspaceId, type, id, member.userId);
      if (resource.creatorId && resource.creatorId !== member.userId)
        await repo.putGrant(
          tx,
          caller.workspaceId,
          type,
          id,
          { type: 'user', id: resource.creatorId },
          'admin',
          principal.userId,
        );
      await this.audit(
        tx,
        principal,
        caller.workspaceId,
        'resource_ownership_transferred',
        `Transferred ${type} "${resource.name}" to ${email.toLowerCase()}.`,
        { resource_type: type, resource_id: id, from_user_id: resource.creatorId, to_user_id: member.userId },
        origin,
      );
    });
  }

  /** The workspace's all_members_permissions (every member reads them). */
  async allMembers(principal: Principal): Promise<string[]> {
    const caller = workspaceCaller(principal);
    requireAction(caller, 'read');
    return repo.workspaceAllMembers(this.db, caller.workspaceId);
  }

  /** Sets what every member holds on the workspace's resources by type (admins only). */
  async setAllMembers(principal: Principal, entries: string[], origin: AuditOrigin): Promise<string[]> {
    const caller = workspaceCaller(principal);
    requireAction(caller, 'administer');
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDb;
      await repo.setWorkspaceAllMembers(tx, caller.workspaceId, entries);
      await this.audit(
        tx,
        principal,
        caller.workspaceId,
        'all_members_permissions_updated',
        `Set the permissions of all members to ${entries.join(', ') || 'the default'}.`,
        { all_members_permissions: entries },
        origin,
      );
    });
    return entries;
  }

  /** Sets what every member of a group holds on the workspace's resources by type (admins only). */
  async setGroupAllMembers(
    principal: Principal,
    groupId: string,
    entries: string[],
    origin: AuditOrigin,
  ): Promise<string[]> {
    const caller = workspaceCaller(principal);
    requireAction(caller, 'administer');
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDb;
      if (!(await repo.setGroupAllMembers(tx, caller.workspaceId, groupId, entries)))
        throw notFound(RESOURCE_MESSAGES.groupNotFound, 'group_not_found');
      await this.audit(
        tx,
        principal,
        caller.workspaceId,
        'group_permissions_updated',
        `Set the permissions of the members of a group to ${entries.join(', ') || 'none'}.`,
        { group_id: groupId, all_members_permissions: entries },
        origin,
      );
    });
    return entries;
  }
}
