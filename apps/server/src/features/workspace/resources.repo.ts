import type { ResourceType } from '@vocalis/domain/workspace/resource-permissions';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/auth';
import { convaiAgents, convaiKnowledgeDocuments, convaiTools } from '../../db/schema/conversational-ai';
import { dubs } from '../../db/schema/dubs';
import { historyItems } from '../../db/schema/history';
import { serviceAccounts } from '../../db/schema/service-accounts';
import { pronunciationDictionaries, studioProjects } from '../../db/schema/studio';
import { voices } from '../../db/schema/voices';
import { workspaceGroups, workspaceResourceGrants } from '../../db/schema/workspace-admin';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';

type ResourceTable = {
  table: PgTable;
  id: PgColumn;
  workspaceId: PgColumn;
  creator: PgColumn;
  name: ReturnType<typeof sql<string>>;
};

// Where each shareable resource type lives: its workspace and the member who created it (the owner).
const TABLES: Record<ResourceType, ResourceTable> = {
  voice: {
    table: voices,
    id: voices.id,
    workspaceId: voices.workspaceId,
    creator: voices.createdBy,
    name: sql<string>`${voices.name}`,
  },
  history_item: {
    table: historyItems,
    id: historyItems.id,
    workspaceId: historyItems.workspaceId,
    creator: historyItems.userId,
    name: sql<string>`left(${historyItems.text}, 80)`,
  },
  studio_projects: {
    table: studioProjects,
    id: studioProjects.id,
    workspaceId: studioProjects.workspaceId,
    creator: studioProjects.createdByUserId,
    name: sql<string>`${studioProjects.name}`,
  },
  pronunciation_dictionary: {
    table: pronunciationDictionaries,
    id: pronunciationDictionaries.id,
    workspaceId: pronunciationDictionaries.workspaceId,
    creator: pronunciationDictionaries.createdByUserId,
    name: sql<string>`${pronunciationDictionaries.name}`,
  },
  dubbing: {
    table: dubs,
    id: dubs.id,
    workspaceId: dubs.workspaceId,
    creator: dubs.userId,
    name: sql<string>`${dubs.name}`,
  },
  convai_agents: {
    table: convaiAgents,
    id: convaiAgents.id,
    workspaceId: convaiAgents.workspaceId,
    creator: convaiAgents.createdBy,
    name: sql<string>`${convaiAgents.name}`,
  },
  convai_knowledge_base_documents: {
    table: convaiKnowledgeDocuments,
    id: convaiKnowledgeDocuments.id,
    workspaceId: convaiKnowledgeDocuments.workspaceId,
    creator: convaiKnowledgeDocuments.createdBy,
    name: sql<string>`${convaiKnowledgeDocuments.name}`,
  },
  convai_tools: {
    table: convaiTools,
    id: convaiTools.id,
    workspaceId: convaiTools.workspaceId,
    creator: convaiTools.createdBy,
    name: sql<string>`${convaiTools.name}`,
  },
};

/** One resource of the workspace: its name and creator (another workspace's reads as absent). */
export async function findResource(db: AppDb, workspaceId: string, type: ResourceType, id: string) {
  const t = TABLES[type];
  const [row] = await db
    .select({ id: t.id, name: t.name, creatorId: t.creator })
    .from(t.table)
    .where(and(eq(t.workspaceId, workspaceId), eq(t.id, id)));
  return row as { id: string; name: string; creatorId: string | null } | undefined;
}

/** Makes `userId` the resource's creator (ownership transfer). */
export async function setCreator(
  tx: AppDb,
  workspaceId: string,
  type: ResourceType,
  id: string,
  userId: string,
) {
  const t = TABLES[type];
  await tx.execute(
    sql`update ${t.table} set ${sql.identifier(t.creator.name)} = ${userId} where ${t.workspaceId} = ${workspaceId} and ${t.id} = ${id}`,
  );
}

const g = workspaceResourceGrants;

/** Every grant on one resource with its grantee's name (email for members, the group's name). */
export function grantsOf(db: AppDb, workspaceId: string, type: ResourceType, id: string) {
  return db
    .select({
      granteeType: g.granteeType,
      granteeId: g.granteeId,
      role: g.role,
      email: users.email,
      groupName: workspaceGroups.name,
    })
    .from(g)
    .leftJoin(users, and(eq(g.granteeType, 'user'), eq(users.id, g.granteeId)))
    .leftJoin(workspaceGroups, and(eq(g.granteeType, 'group'), eq(workspaceGroups.id, g.granteeId)))
    .where(and(eq(g.workspaceId, workspaceId), eq(g.resourceType, type), eq(g.resourceId, id)))
    .orderBy(asc(g.granteeType), asc(users.email), asc(workspaceGroups.name));
}

export type Grantee = { type: 'user' | 'group' | 'default'; id: string };

/** Grants `role` to the grantee, replacing the role they had on the resource. */
export async function putGrant(
  tx: AppDb,
  workspaceId: string,
  type: ResourceType,
  id: string,
  grantee: Grantee,
  role: 'none' | 'viewer' | 'commenter' | 'editor' | 'admin',
  grantedBy: string,
) {
  await tx
    .insert(g)
    .values({
      workspaceId,
      resourceType: type,
      resourceId: id,
      granteeType: grantee.type,
      granteeId: grantee.id,
      role,
      grantedBy,
    })
    .onConflictDoUpdate({
      target: [g.workspaceId, g.resourceType, g.resourceId, g.granteeType, g.granteeId],
      set: { role, grantedBy, createdAt: sql`now()` },
    });
}

/** Removes the grantee's grant on the resource; whether there was one. */
export async function dropGrant(
  tx: AppDb,
  workspaceId: string,
  type: ResourceType,
  id: string,
  grantee: Grantee,
) {
  const rows = await tx
    .delete(g)
    .where(
      and(
        eq(g.workspaceId, workspaceId),
        eq(g.resourceType, type),
        eq(g.resourceId, id),
        eq(g.granteeType, grantee.type),
        eq(g.granteeId, grantee.id),
      ),
    )
    .returning({ id: g.resourceId });
  return rows.length > 0;
}

/** The user behind a service-account API key of the workspace. */
export async function serviceAccountOfKey(db: AppDb, workspaceId: string, keyId: string) {
  const [row] = await db
    .select({ userId: apiKeys.userId, name: serviceAccounts.name })
    .from(apiKeys)
    .innerJoin(serviceAccounts, eq(serviceAccounts.userId, apiKeys.userId))
    .where(and(eq(apiKeys.id, keyId), eq(serviceAccounts.workspaceId, workspaceId)));
  return row;
}

/** Who a resource can be shared with: the members (service accounts included), groups and service-account keys. */
export async function shareOptions(db: AppDb, workspaceId: string) {
  const members = await db
    .select({ id: users.id, email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.isLocked, false)))
    .orderBy(asc(users.email));
  const groups = await db
    .select({ id: workspaceGroups.id, name: workspaceGroups.name })
    .from(workspaceGroups)
    .where(eq(workspaceGroups.workspaceId, workspaceId))
    .orderBy(asc(workspaceGroups.name));
  // A service account is offered by its keys (the SDK shares with `workspace_api_key_id`), named after both.
  const keys = await db
    .select({ id: apiKeys.id, name: sql<string>`${serviceAccounts.name} || ' (' || ${apiKeys.name} || ')'` })
    .from(apiKeys)
    .innerJoin(serviceAccounts, eq(serviceAccounts.userId, apiKeys.userId))
    .where(eq(serviceAccounts.workspaceId, workspaceId))
    .orderBy(asc(serviceAccounts.name), asc(apiKeys.name));
  return { members, groups, keys };
}

/** Whether the group is one of the workspace's. */
export async function groupName(db: AppDb, workspaceId: string, groupId: string) {
  const [row] = await db
    .select({ name: workspaceGroups.name })
    .from(workspaceGroups)
    .where(and(eq(workspaceGroups.workspaceId, workspaceId), eq(workspaceGroups.id, groupId)));
  return row?.name;
}

/** The workspace's all_members_permissions. */
export async function workspaceAllMembers(db: AppDb, workspaceId: string): Promise<string[]> {
  const [row] = await db
    .select({ entries: workspaces.allMembersPermissions })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.entries ?? [];
}

export async function setWorkspaceAllMembers(tx: AppDb, workspaceId: string, entries: string[]) {
  await tx
    .update(workspaces)
    .set({ allMembersPermissions: entries, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
}

/** Sets a group's all_members_permissions; false when the group is not the workspace's. */
export async function setGroupAllMembers(tx: AppDb, workspaceId: string, groupId: string, entries: string[]) {
  const rows = await tx
    .update(workspaceGroups)
    .set({ allMembersPermissions: entries })
    .where(and(eq(workspaceGroups.workspaceId, workspaceId), eq(workspaceGroups.id, groupId)))
    .returning({ id: workspaceGroups.id });
  return rows.length > 0;
}
