import { and, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { generationSlots, workspaceUsage } from '../../db/schema/usage';
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

/**
 * Adds `n` characters only if they fit under the limit (after a due reset): one statement, so
 * concurrent debits are serialised on the row and can never overspend. Undefined when they do not fit.
 */
export async function debitCharacters(
  db: AppDb,
  workspaceId: string,
  n: number,
): Promise<UsageRow | undefined> {
  const [row] = await db
    .update(u)
    .set({
      characterCount: sql`CASE WHEN ${due} THEN ${n} ELSE ${u.characterCount} + ${n} END`,
      nextCharacterCountResetAt: resetIfDue.nextCharacterCountResetAt,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(u.workspaceId, workspaceId),
        lte(sql`CASE WHEN ${due} THEN 0 ELSE ${u.characterCount} END + ${n}`, u.characterLimit),
      ),
    )
    .returning();
  return row;
}

/** Gives back a debit, only within the period it was taken from (a reset in between already freed it). */
export async function refundCharacters(
  db: AppDb,
  workspaceId: string,
  n: number,
  periodEnd: Date,
): Promise<void> {
  await db
    .update(u)
    .set({ characterCount: sql`greatest(0, ${u.characterCount} - ${n})`, updatedAt: sql`now()` })
    .where(and(eq(u.workspaceId, workspaceId), eq(u.nextCharacterCountResetAt, periodEnd)));
}

/**
 * Takes a generation slot if fewer than the workspace's limit are running. The usage row is locked
 * first, so the count and the insert of concurrent callers (in any process) run one after another.
 */
export async function acquireSlot(
  db: AppDb,
  input: { id: string; workspaceId: string; requestId: string; tierLimit: number; ttlSeconds: number },
): Promise<{ acquired: boolean; limit: number }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ override: u.concurrencyLimit })
      .from(u)
      .where(eq(u.workspaceId, input.workspaceId))
      .for('update');
    const limit = locked?.override ?? input.tierLimit;
    const [running] = await tx
      .select({ n: count() })
      .from(generationSlots)
      .where(
        and(eq(generationSlots.workspaceId, input.workspaceId), gt(generationSlots.expiresAt, sql`now()`)),
      );
    if (Number(running?.n ?? 0) >= limit) return { acquired: false, limit };
    await tx
      .delete(generationSlots)
      .where(
        and(eq(generationSlots.workspaceId, input.workspaceId), lte(generationSlots.expiresAt, sql`now()`)),
      );
    await tx.insert(generationSlots).values({
      id: input.id,
      workspaceId: input.workspaceId,
      requestId: input.requestId,
      expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
    });
    return { acquired: true, limit };
  });
}

/** Keeps running generations' slots alive. */
export async function extendSlots(db: AppDb, ids: string[], ttlSeconds: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(generationSlots)
    .set({ expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
    .where(inArray(generationSlots.id, ids));
}

export async function releaseSlot(db: AppDb, id: string): Promise<void> {
  await db.delete(generationSlots).where(eq(generationSlots.id, id));
}
