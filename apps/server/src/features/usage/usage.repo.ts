import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { workspaceSubscriptions } from '../../db/schema/billing';
import { usageRecords, workspaceUsage } from '../../db/schema/usage';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';

export type UsageRow = typeof workspaceUsage.$inferSelect;

const u = workspaceUsage;
// The period has ended: the count starts again from 0 and the reset moves on by whole months (so a
// workspace idle for three months resets once, to the next anniversary after now).
const due = sql`${u.nextCharacterCountResetAt} <= now()`;
const nextReset = sql`${u.nextCharacterCountResetAt} + make_interval(months => (
  extract(year from age(now(), ${u.nextCharacterCountResetAt}))::int * 12
  + extract(month from age(now(), ${u.nextCharacterCountResetAt}))::int + 1))`;
const resetIfDue = {
  characterCount: sql`CASE WHEN ${due} THEN 0 ELSE ${u.characterCount} END`,
  nextCharacterCountResetAt: sql`CASE WHEN ${due} THEN ${nextReset} ELSE ${u.nextCharacterCountResetAt} END`,
};

/** The workspace the user works in now: the profile's current one, else any they belong to. */
export async function currentWorkspace(
  db: AppDb,
  userId: string,
): Promise<{ id: string; tier: string } | undefined> {
  const [row] = await db
    .select({ id: workspaces.id, tier: workspaces.subscriptionTier })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(userProfiles, eq(userProfiles.userId, workspaceMembers.userId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(
      desc(sql`${workspaceMembers.workspaceId} = ${userProfiles.workspaceId}`),
      workspaceMembers.createdAt,
    )
    .limit(1);
  return row;
}

/** The usage row, created with `limit` on first use and reset if its period has ended (one statement). */
export async function ensureUsage(db: AppDb, workspaceId: string, limit: number): Promise<UsageRow> {
  const [row] = await db
    .insert(u)
    .values({
      workspaceId,
      characterCount: 0,
      characterLimit: limit,
      nextCharacterCountResetAt: sql`now() + interval '1 month'`,
    })
    .onConflictDoUpdate({ target: u.workspaceId, set: resetIfDue })
    .returning();
  return row!;
}

/** What the quota rule needs besides the counts: the subscription status and the owner's extension settings. */
export async function quotaPolicy(
  db: AppDb,
  workspaceId: string,
): Promise<{ status: string; allowedToExtend: boolean; maxExtension: number | null }> {
  const [row] = await db
    .select({
      status: workspaceSubscriptions.status,
      allowedToExtend: userProfiles.allowedToExtendCharacterLimit,
      maxExtension: userProfiles.maxCharacterLimitExtension,
    })
    .from(workspaces)
    .leftJoin(workspaceSubscriptions, eq(workspaceSubscriptions.workspaceId, workspaces.id))
    .leftJoin(userProfiles, eq(userProfiles.userId, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId));
  return {
    status: row?.status ?? 'free',
    allowedToExtend: row?.allowedToExtend ?? false,
    maxExtension: row?.maxExtension ?? null,
  };
}

const BREAKDOWN_COLUMNS = {
  voice: usageRecords.voiceId,
  model: usageRecords.modelId,
  api_keys: usageRecords.apiKeyId,
  user: usageRecords.userId,
  request_source: usageRecords.source,
  product_type: usageRecords.source,
} as const;

/**
 * Characters per time bucket (seconds, aligned to the epoch) and breakdown key between two instants.
 * Rows: bucket start in ms, key ('All' without breakdown), characters.
 */
export async function characterBuckets(
  db: AppDb,
  input: {
    workspaceId: string;
    userId: string | null;
    from: Date;
    to: Date;
    bucket: { unit: 'hour' | 'day' | 'week' | 'month' } | { seconds: number } | 'cumulative';
    breakdown: keyof typeof BREAKDOWN_COLUMNS | 'none';
  },
): Promise<{ bucket: number; key: string | null; characters: number }[]> {
  const r = usageRecords;
  const b = input.bucket;
  const bucket =
    b === 'cumulative'
      ? sql<number>`${input.from.getTime()}::bigint`
      : 'seconds' in b
        ? sql<number>`(floor(extract(epoch from ${r.createdAt}) / ${b.seconds}) * ${b.seconds} * 1000)::bigint`
        : sql<number>`(extract(epoch from date_trunc(${sql.raw(`'${b.unit}'`)}, ${r.createdAt} at time zone 'UTC')) * 1000)::bigint`;
  const key =
    input.breakdown === 'none'
      ? sql<string | null>`'All'`
      : sql<string | null>`${BREAKDOWN_COLUMNS[input.breakdown]}`;
  const rows = await db
    .select({ bucket, key, characters: sql<number>`sum(${r.characters})::bigint` })
    .from(r)
    .where(
      and(
        eq(r.workspaceId, input.workspaceId),
        input.userId ? eq(r.userId, input.userId) : undefined,
        gte(r.createdAt, input.from),
        lte(r.createdAt, input.to),
      ),
    )
    // By position: the bucket expression carries parameters, which would not match a repeated expression.
    .groupBy(sql`1, 2`)
    .orderBy(sql`1`);
  return rows.map((row) => ({
    bucket: Number(row.bucket),
    key: row.key,
    characters: Number(row.characters),
  }));
}
