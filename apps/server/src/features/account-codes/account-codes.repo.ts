import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { accountCodes } from '../../db/schema/account-codes';
import { sessions, users } from '../../db/schema/auth';

export type AccountCodeKind =
  'email_change' | 'email_revert' | 'sign_in_request' | 'internal_verification' | 'sensitive_action';
export type AccountCodeRow = typeof accountCodes.$inferSelect;

type NewCode = {
  id: string;
  kind: AccountCodeKind;
  userId: string;
  codeHash: string;
  payload: string;
  expiresAt: Date;
};

export async function insertCode(db: AppDb, row: NewCode): Promise<void> {
  await db.insert(accountCodes).values(row);
}

/**
 * Inserts a code unless its hash is already known; false when it was (a reused client-made code).
 * `spent`: record it as already used (a signed code issued without a row: the unique hash makes this its
 * single use).
 */
export async function insertCodeIfNew(db: AppDb, row: NewCode, spent = false): Promise<boolean> {
  const inserted = await db
    .insert(accountCodes)
    .values(spent ? { ...row, usedAt: sql`now()` } : row)
    .onConflictDoNothing({ target: accountCodes.codeHash })
    .returning({ id: accountCodes.id });
  return inserted.length > 0;
}

/**
 * Spends a code atomically: only an unused, unexpired code of this kind and user is marked used and
 * returned, so two concurrent requests with the same code cannot both succeed.
 */
export async function consumeCode(
  db: AppDb,
  input: { kind: AccountCodeKind; userId: string; codeHash: string; setPayload?: string },
): Promise<AccountCodeRow | undefined> {
  const [row] = await db
    .update(accountCodes)
    .set({ usedAt: sql`now()`, ...(input.setPayload !== undefined ? { payload: input.setPayload } : {}) })
    .where(
      and(
        eq(accountCodes.codeHash, input.codeHash),
        eq(accountCodes.kind, input.kind),
        eq(accountCodes.userId, input.userId),
        isNull(accountCodes.usedAt),
        gt(accountCodes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Marks every open code of a kind for a user as used (a revert cancels pending changes). */
export async function spendOpenCodes(db: AppDb, userId: string, kind: AccountCodeKind): Promise<void> {
  await db
    .update(accountCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.kind, kind), isNull(accountCodes.usedAt)));
}

/** Sets a user's sign-in address (already proven by a mailed code, so it counts as verified). */
export async function setUserEmail(db: AppDb, userId: string, email: string): Promise<void> {
  await db
    .update(users)
    .set({ email, emailVerified: true, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Marks a user's address as verified (a mailed internal code proved it). */
export async function markEmailVerified(db: AppDb, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.emailVerified, false)));
}

/** When this session last spent an email-access (sensitive-action) code; its payload names the session. */
export async function lastEmailAccessGrant(
  db: AppDb,
  userId: string,
  sessionId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ usedAt: accountCodes.usedAt })
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.userId, userId),
        eq(accountCodes.kind, 'sensitive_action'),
        eq(accountCodes.payload, sessionId),
        isNotNull(accountCodes.usedAt),
      ),
    )
    .orderBy(desc(accountCodes.usedAt))
    .limit(1);
  return row?.usedAt ?? null;
}

/** Ends every session of a user except `keepSessionId` (all of them when it is null). */
export async function deleteOtherSessions(
  db: AppDb,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId === null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    );
}
