import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { phoneFactors, twoFactors } from '../../db/schema/two-factor';

export type PhoneFactorRow = typeof phoneFactors.$inferSelect;

export async function findPhoneFactor(db: AppDb, userId: string): Promise<PhoneFactorRow | undefined> {
  const [row] = await db.select().from(phoneFactors).where(eq(phoneFactors.userId, userId));
  return row;
}

/** The enrolled number of the user with this e-mail address, if any (sign-in's method list). */
export async function enrolledPhoneByEmail(db: AppDb, email: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: phoneFactors.phoneNumber })
    .from(phoneFactors)
    .innerJoin(users, eq(users.id, phoneFactors.userId))
    .where(and(eq(users.email, email.trim().toLowerCase()), isNotNull(phoneFactors.phoneNumber)));
  return row?.phone ?? null;
}

/** Starts (or restarts) a change: the pending number, the code's hash, its expiry, no attempts yet. */
export async function setPending(
  db: AppDb,
  userId: string,
  pending: { phone: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  const values = {
    pendingPhoneNumber: pending.phone,
    pendingCodeHash: pending.codeHash,
    pendingExpiresAt: pending.expiresAt,
    pendingAttempts: 0,
    updatedAt: new Date(),
  };
  await db
    .insert(phoneFactors)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: phoneFactors.userId, set: values });
}

/** Counts one wrong code; returns the attempts so far. */
export async function countPendingAttempt(db: AppDb, userId: string): Promise<number> {
  const [row] = await db
    .update(phoneFactors)
    .set({ pendingAttempts: sql`${phoneFactors.pendingAttempts} + 1` })
    .where(eq(phoneFactors.userId, userId))
    .returning({ attempts: phoneFactors.pendingAttempts });
  return row?.attempts ?? 0;
}

/**
 * The pending number becomes the factor and a second factor is required from now on, in one transaction;
 * only if the pending code is still the one that was checked (a concurrent restart wins).
 */
export async function confirmPending(db: AppDb, userId: string, codeHash: string): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(phoneFactors)
      .set({
        phoneNumber: sql`${phoneFactors.pendingPhoneNumber}`,
        enrolledAt: now,
        pendingPhoneNumber: null,
        pendingCodeHash: null,
        pendingExpiresAt: null,
        pendingAttempts: 0,
        updatedAt: now,
      })
      .where(and(eq(phoneFactors.userId, userId), eq(phoneFactors.pendingCodeHash, codeHash)))
      .returning({ enrolledAt: phoneFactors.enrolledAt });
    if (!row) return null;
    await tx.update(users).set({ twoFactorEnabled: true, updatedAt: now }).where(eq(users.id, userId));
    return row.enrolledAt;
  });
}

/** Removes the phone; the second factor stays required only while a verified authenticator app remains. */
export async function removePhoneFactor(db: AppDb, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(phoneFactors).where(eq(phoneFactors.userId, userId));
    const [totp] = await tx
      .select({ id: twoFactors.id })
      .from(twoFactors)
      .where(and(eq(twoFactors.userId, userId), ne(twoFactors.verified, false)));
    if (!totp) {
      await tx
        .update(users)
        .set({ twoFactorEnabled: false, updatedAt: new Date() })
        .where(eq(users.id, userId));
    }
  });
}

export async function requireSecondFactor(db: AppDb, userId: string): Promise<void> {
  await db.update(users).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(users.id, userId));
}
