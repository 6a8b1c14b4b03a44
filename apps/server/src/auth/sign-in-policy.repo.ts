import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';

/** The sign-in rules of every workspace the user belongs to (accounts.md §6). */
export async function workspaceSignInRules(
  db: AppDb,
  userId: string,
): Promise<{ emailPasswordDisabled: boolean; disallowedProviders: string[] }[]> {
  return db
    .select({
      emailPasswordDisabled: workspaces.emailPasswordSignInDisabled,
      disallowedProviders: workspaces.disallowedSocialProviders,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        sql`(${workspaces.emailPasswordSignInDisabled} or jsonb_array_length(${workspaces.disallowedSocialProviders}) > 0)`,
      ),
    );
}
