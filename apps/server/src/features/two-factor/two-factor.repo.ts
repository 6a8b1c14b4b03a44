import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
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
