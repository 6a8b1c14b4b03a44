import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { cachedRead } from '../../db/read-cache';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/auth';
import { phoneFactors, twoFactors } from '../../db/schema/two-factor';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import type { MemberRow, ProfileRow, UserRow, WorkspaceRow } from './user.repo';

export type UserAccount = {
  user: UserRow;
  profile: ProfileRow | null;
  /** The membership in the workspace asked for, or null when the user is not (or no longer) in it. */
  membership: { workspace: WorkspaceRow; member: MemberRow } | null;
  apiKeyPreview: string | null;
  totpEnrolledAt: Date | null;
  smsEnrolledAt: Date | null;
};

function accountQuery(db: AppDb) {
  const preview = db
    .select({ preview: apiKeys.keyPreview })
    .from(apiKeys)
    .where(eq(apiKeys.userId, users.id))
    .orderBy(desc(apiKeys.createdAt))
    .limit(1);
  // better-auth's flag turns every second factor on or off; a TOTP row counts once its first code checked.
  const totp = db
    .select({ at: sql`CASE WHEN ${twoFactors.verified} THEN ${twoFactors.createdAt} END` })
    .from(twoFactors)
    .where(eq(twoFactors.userId, users.id))
    .limit(1);
  const sms = db
    .select({ at: phoneFactors.enrolledAt })
    .from(phoneFactors)
    .where(eq(phoneFactors.userId, users.id))
    .limit(1);
  return db
    .select({
      user: users,
      profile: userProfiles,
      workspace: workspaces,
      member: workspaceMembers,
      apiKeyPreview: sql<string | null>`(${preview})`,
      totpEnrolledAt: sql<Date | null>`CASE WHEN ${users.twoFactorEnabled} THEN (${totp}) END`.mapWith(
        twoFactors.createdAt,
      ),
      smsEnrolledAt: sql<Date | null>`CASE WHEN ${users.twoFactorEnabled} THEN (${sms}) END`.mapWith(
        phoneFactors.enrolledAt,
      ),
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.userId, users.id),
        eq(workspaceMembers.workspaceId, sql.placeholder('workspaceId')),
      ),
    )
    .leftJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_account');
}

// Built once per database handle (SQL text made once, planned once per connection).
const prepared = new WeakMap<AppDb, ReturnType<typeof accountQuery>>();

/**
 * Everything GET /v1/user shows of a user in one workspace, in one statement (decision 033): the user, the
 * profile, the membership with its workspace, the newest API key's preview and when each second factor was
 * enrolled (only while it is on).
 */
export async function accountOf(
  db: AppDb,
  userId: string,
  workspaceId: string,
): Promise<UserAccount | undefined> {
  // Kept in memory until any of its tables changes (decision 043).
  return cachedRead(db, `account:${userId}:${workspaceId}`, async () => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = accountQuery(db)));
    const [row] = await query.execute({ userId, workspaceId });
    if (!row) return undefined;
    const { workspace, member, ...rest } = row;
    return { ...rest, membership: workspace && member ? { workspace, member } : null };
  });
}
