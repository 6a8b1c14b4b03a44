import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { preSignUps } from '../../db/schema/account-signals';
import { users } from '../../db/schema/auth';
import { acceptInviteOnSignUp } from './invites.service';

/**
 * A new account whose sign-up carried a workspace invite code (pre-sign-up's invite_code, written before
 * the account existed) joins that workspace right away (decision 110). Called once the personal account exists.
 */
export async function joinInvitedWorkspace(db: AppDb, user: { id: string; email: string }): Promise<boolean> {
  const email = user.email.toLowerCase();
  const [pre] = await db.select().from(preSignUps).where(eq(preSignUps.email, email));
  const [account] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
  if (!pre || !account || pre.createdAt > account.createdAt) return false;
  return acceptInviteOnSignUp(db, user.id, email, pre.attribution.invite_code);
}
