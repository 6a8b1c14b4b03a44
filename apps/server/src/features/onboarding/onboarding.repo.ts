import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { userProfiles, type OnboardingChecklist, type OnboardingSurvey } from '../../db/schema/user-profiles';

type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

export type OnboardingRow = {
  checklist: OnboardingChecklist | null;
  checklistCompleted: boolean;
};

/**
 * Runs `change` on the user's checklist with the profile row locked, so two events at once never both
 * see an item as not completed. `change` returns the new values, or null to leave the row alone.
 */
export async function withLockedChecklist<T>(
  db: AppDb,
  userId: string,
  change: (
    row: OnboardingRow,
  ) => { patch: Partial<typeof userProfiles.$inferInsert>; result: T } | { result: T; patch?: undefined },
): Promise<T | undefined> {
  return db.transaction(async (tx: Tx) => {
    const [row] = await tx
      .select({
        checklist: userProfiles.onboardingChecklist,
        checklistCompleted: userProfiles.isOnboardingChecklistCompleted,
      })
      .from(userProfiles)
      .where(eq(userProfiles.userId, userId))
      .for('update');
    if (!row) return undefined;
    const { patch, result } = change(row);
    if (patch)
      await tx
        .update(userProfiles)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(userProfiles.userId, userId));
    return result;
  });
}

/** Stores the survey answer, the first name it gave, and marks onboarding completed. */
export async function saveSurvey(
  db: AppDb,
  userId: string,
  survey: Required<OnboardingSurvey>,
): Promise<boolean> {
  const rows = await db
    .update(userProfiles)
    .set({
      onboardingSurvey: survey,
      firstName: survey.first_name,
      isOnboardingCompleted: true,
      isNewUser: false,
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.userId, userId))
    .returning({ id: userProfiles.userId });
  return rows.length > 0;
}
