import {
  allMembersLevel,
  canOnResource,
  higherLevel,
  RESOURCE_MESSAGES,
  resourceBaseline,
  resourceLevel,
  type ResourceAction,
  type ResourceActor,
  type ResourceLevel,
  type ResourceType,
} from '@vocalis/domain/workspace/resource-permissions';
import { canInWorkspace } from '@vocalis/domain/workspace/workspace-permissions';
import { eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppDb } from '../db/client';
import { cachedRead } from '../db/read-cache';
import { forbidden, notFound } from '../errors';
import { accessRows, type AccessRows } from './resource-access.repo';
import type { CallerWorkspace } from './session-principal.repo';

/** A caller as the auth hook resolved it (a locked membership is never the current workspace). */
export type ResourceCaller = {
  userId: string;
  workspace?: Pick<CallerWorkspace, 'id' | 'role' | 'ownerId'> | null;
};

/**
 * Which rows of a list the caller sees: every row (`null`), every row but `hide` unless they created it, or
 * only `only` and the rows they created.
 */
export type VisibilityFilter = { userId: string; hide: string[] } | { userId: string; only: string[] } | null;

/**
 * One caller's access to the workspace's resources of one type (decision 165): the grants that concern them,
 * read once per request, and the one check of packages/domain over them. Features ask it before they read,
 * change or delete a resource someone else created, and filter their lists with `visibility()`.
 */
export class ResourceAccess {
  private constructor(
    readonly actor: ResourceActor,
    readonly type: ResourceType,
    private readonly rows: AccessRows,
  ) {}

  /** Reads the caller's access to `type` in their current workspace. */
  static async load(db: AppDb, caller: ResourceCaller, type: ResourceType): Promise<ResourceAccess> {
    const ws = caller.workspace;
    // `undefined` (not null): a caller built inside the server (a job, another service acting for a user id),
    // not one the auth hook resolved; those calls were already checked where they began.
    const actor: ResourceActor = {
      userId: caller.userId,
      role: ws === undefined ? 'admin' : (ws?.role ?? 'none'),
      isOwner: !!ws && ws.ownerId === caller.userId,
    };
    // Workspace admins may do everything: nothing to read. Others' rows are kept with the hot reads
    // (decision 043; the grants, groups and workspaces tables all empty the cache when they change).
    const rows =
      ws && !canInWorkspace(actor, 'administer')
        ? await cachedRead(db, `resource-access:${ws.id}:${caller.userId}:${type}`, () =>
            accessRows(db, ws.id, caller.userId, type),
          )
        : { workspaceAllMembers: [], groupAllMembers: [], grants: [] };
    return new ResourceAccess(actor, type, rows);
  }

  /** Roles the caller holds on every resource of the type through their groups' all_members_permissions. */
  private get groupLevel(): ResourceLevel {
    let level: ResourceLevel = 'none';
    for (const entries of this.rows.groupAllMembers)
      level = higherLevel(level, allMembersLevel(entries, this.type) ?? 'none');
    return level;
  }

  /** The one check's view of one resource for this caller. */
  private view(resourceId: string, creatorId: string | null) {
    const own = this.rows.grants.filter((g) => g.resourceId === resourceId);
    const ownDefault = own.find((g) => g.granteeType === 'default')?.role as ResourceLevel | undefined;
    return {
      type: this.type,
      creatorId,
      granted: [...own.filter((g) => g.granteeType !== 'default').map((g) => g.role), this.groupLevel],
      baseline: resourceBaseline(ownDefault, this.rows.workspaceAllMembers, this.type),
    };
  }

  /** The caller's role on the resource. */
  level(resourceId: string, creatorId: string | null): ResourceLevel {
    return resourceLevel(this.actor, this.view(resourceId, creatorId));
  }

  can(resourceId: string, creatorId: string | null, action: ResourceAction): boolean {
    return canOnResource(this.actor, this.view(resourceId, creatorId), action);
  }

  /**
   * Throws unless the caller may do `action`: a resource they may not read answers 404 with `notFoundError`
   * (its existence is not confirmed), one they may read but not change 403.
   */
  require(
    resourceId: string,
    creatorId: string | null,
    action: ResourceAction,
    notFoundError: () => Error = () => notFound(RESOURCE_MESSAGES.notFound, 'resource_not_found'),
  ): void {
    if (!this.can(resourceId, creatorId, 'read')) throw notFoundError();
    if (this.can(resourceId, creatorId, action)) return;
    const message =
      action === 'delete'
        ? RESOURCE_MESSAGES.deleteForbidden
        : action === 'edit'
          ? RESOURCE_MESSAGES.editForbidden
          : action === 'transfer_ownership'
            ? RESOURCE_MESSAGES.transferForbidden
            : RESOURCE_MESSAGES.shareForbidden;
    throw forbidden(message, 'resource_access_forbidden');
  }

  /** The ids among `ids` that are not among `found` (the workspace's rows of them) or that the caller may not read. */
  unreadable(ids: readonly string[], found: readonly { id: string; createdBy: string | null }[]): string[] {
    const rows = new Map(found.map((f) => [f.id, f.createdBy]));
    return ids.filter((id) => !rows.has(id) || !this.can(id, rows.get(id) ?? null, 'read'));
  }

  /**
   * The list filter: the rows the check lets the caller read, as ids for SQL. Only resources with a grant can
   * differ from the type's baseline, so the lists stay short; the creator's own rows always show.
   */
  visibility(): VisibilityFilter {
    if (canInWorkspace(this.actor, 'administer')) return null;
    const everything = this.can('', null, 'read');
    const ids = [...new Set(this.rows.grants.map((g) => g.resourceId))];
    const readable = (id: string) => this.can(id, null, 'read');
    if (everything) {
      const hide = ids.filter((id) => !readable(id));
      return hide.length ? { userId: this.actor.userId, hide } : null;
    }
    return { userId: this.actor.userId, only: ids.filter(readable) };
  }
}

/**
 * A list's visibility filter as a SQL condition on its id and creator columns (undefined: every row). The
 * caller's own rows always show; the ids are those with grants, so the condition stays short.
 */
export function visibleWhere(filter: VisibilityFilter, id: PgColumn, creator: PgColumn): SQL | undefined {
  if (!filter) return undefined;
  const mine = eq(creator, filter.userId);
  if ('hide' in filter) return or(mine, notInArray(id, filter.hide));
  return filter.only.length ? or(mine, inArray(id, filter.only)) : mine;
}
