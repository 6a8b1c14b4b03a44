import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { accounts, users } from '../../db/schema/auth';
import { twoFactors } from '../../db/schema/two-factor';

/** Removes the user's authenticator app and backup codes and stops asking for a second factor. */
export async function removeTwoFactor(db: AppDb, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

/** Whether the user has a password (an email/password account), rather than only social sign-in. */
export async function hasPassword(db: AppDb, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)),
    );
  return Boolean(row);
}
