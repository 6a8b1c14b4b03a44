import { ONBOARDING_ROLES, type OnboardingSurveyAnswer } from '@vocalis/domain/onboarding-survey';

import { readStored, removeStored, writeStored } from '@/lib/storage';

/**
 * The survey's answers so far, kept in this browser until the second step sends everything: a reload or
 * a new tab of /app/onboarding/next finds them. Stored under the 'xi:' prefix (sign-out clears it) and
 * tagged with the account, so another account signed in on the same browser starts afresh.
 */
const NAME = 'onboarding_survey';

export type SurveyDraft = Partial<OnboardingSurveyAnswer>;
type Stored = SurveyDraft & { user_id: string };

/** The answers `userId` has given so far, or an empty draft. */
export function readSurveyDraft(userId: string): SurveyDraft {
  const stored = readStored<Stored | null>(NAME, null);
  if (!stored || typeof stored !== 'object' || stored.user_id !== userId) return {};
  const { user_id: _owner, ...draft } = stored;
  return draft;
}

/** Adds `answers` to the draft of `userId`. */
export function saveSurveyDraft(userId: string, answers: SurveyDraft): void {
  writeStored<Stored>(NAME, { ...readSurveyDraft(userId), ...answers, user_id: userId });
}

export function clearSurveyDraft(): void {
  removeStored(NAME);
}

/** The first step's answers when they are complete (the second step needs them), otherwise null. */
export function firstStepAnswers(
  draft: SurveyDraft,
): Pick<OnboardingSurveyAnswer, 'first_name' | 'role' | 'subrole'> | null {
  const { first_name: firstName, role, subrole } = draft;
  if (!firstName?.trim() || !role || !subrole) return null;
  return ONBOARDING_ROLES[role]?.includes(subrole) ? { first_name: firstName.trim(), role, subrole } : null;
}
