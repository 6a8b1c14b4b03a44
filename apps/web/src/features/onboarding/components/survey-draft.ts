import { storageKey } from '@vocalis/domain/ui-constants';
import type { OnboardingSurveyAnswer } from '@vocalis/domain/onboarding-survey';

/** The first step's answers, kept in this tab until the second step sends everything (prefixed: cleared on sign-out). */
const KEY = storageKey('onboarding_survey');

export type SurveyDraft = Pick<OnboardingSurveyAnswer, 'first_name' | 'role' | 'subrole'>;

export function readSurveyDraft(): SurveyDraft | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const draft = raw ? (JSON.parse(raw) as SurveyDraft) : null;
    return draft?.first_name && draft.role && draft.subrole ? draft : null;
  } catch {
    return null;
  }
}

export function writeSurveyDraft(draft: SurveyDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Private mode: the second step sends the user back to the first.
  }
}

export function clearSurveyDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
