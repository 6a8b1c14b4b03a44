import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { accountCodes } from '../../db/schema/account-codes';
import { users } from '../../db/schema/auth';

export type AccountCodeKind = 'email_change' | 'email_revert' | 'sign_in_request';
export type AccountCodeRow = typeof accountCodes.$inferSelect;

export async function insertCode(
  db: AppDb,
  row: {
    id: string;
    kind: AccountCodeKind;
    userId: string;
    codeHash: string;
    payload: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(accountCodes).values(row);
}

/**
 * Spends a code atomically: only an unused, unexpired code of this kind and user is marked used and
 * returned, so two concurrent requests with the same code cannot both succeed.
 */
export async function consumeCode(
  db: AppDb,
  input: { kind: AccountCodeKind; userId: string; codeHash: string },
): Promise<AccountCodeRow | undefined> {
  const [row] = await db
    .update(accountCodes)
    .set({ usedAt: sql`now()` })
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
