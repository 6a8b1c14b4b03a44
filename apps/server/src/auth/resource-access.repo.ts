import { and, eq, inArray, or } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import {
  workspaceGroupMembers,
  workspaceGroups,
  workspaceResourceGrants,
} from '../db/schema/workspace-admin';
import { workspaces } from '../db/schema/workspaces';

/** The grants of one resource type that concern one member, and the all-members settings around them. */
export type AccessRows = {
  workspaceAllMembers: string[];
  groupAllMembers: string[][];
  grants: { resourceId: string; granteeType: 'user' | 'group' | 'default'; role: string }[];
};

/** Reads what decides a member's access to the workspace's resources of `type` (three small statements). */
export async function accessRows(
  db: AppDb,
  workspaceId: string,
  userId: string,
  type: string,
): Promise<AccessRows> {
  const groups = await db
    .select({ id: workspaceGroups.id, allMembers: workspaceGroups.allMembersPermissions })
    .from(workspaceGroupMembers)
    .innerJoin(workspaceGroups, eq(workspaceGroups.id, workspaceGroupMembers.groupId))
    .where(and(eq(workspaceGroupMembers.userId, userId), eq(workspaceGroups.workspaceId, workspaceId)));
  const g = workspaceResourceGrants;
  const grantee = [and(eq(g.granteeType, 'user'), eq(g.granteeId, userId)), eq(g.granteeType, 'default')];
  if (groups.length)
    grantee.push(
      and(
        eq(g.granteeType, 'group'),
        inArray(
          g.granteeId,
          groups.map((x) => x.id),
        ),
      ),
    );
  const [ws] = await db
    .select({ allMembers: workspaces.allMembersPermissions })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const grants = await db
    .select({ resourceId: g.resourceId, granteeType: g.granteeType, role: g.role })
    .from(g)
    .where(and(eq(g.workspaceId, workspaceId), eq(g.resourceType, type), or(...grantee)));
  return {
    workspaceAllMembers: ws?.allMembers ?? [],
    groupAllMembers: groups.map((x) => x.allMembers),
    grants,
  };
}
