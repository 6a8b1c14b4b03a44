/**
 * The onboarding survey (accounts.md §3 onboarding_survey: first_name, role, subrole, timezone, source)
 * asked at /app/onboarding and /app/onboarding/next. The answer options are ours (the spec names only
 * the fields).
 */

/** Roles, each with its subroles (the second question narrows the first). */
export const ONBOARDING_ROLES: Readonly<Record<string, readonly string[]>> = {
  'Content creator': ['YouTuber', 'Podcaster', 'Audiobook narrator', 'Streamer', 'Other creator'],
  Developer: ['Building an app', 'Building an agent', 'Research', 'Other development'],
  Business: ['Marketing', 'Customer support', 'Education and training', 'Localization', 'Other business'],
  'Media and entertainment': ['Film and TV', 'Games', 'Publishing', 'Music', 'Other media'],
  Personal: ['Accessibility', 'Learning', 'Just exploring'],
};

/** "How did you hear about us?" */
export const ONBOARDING_SOURCES = [
  'Search engine',
  'Social media',
  'Friend or colleague',
  'Video or podcast',
  'News or blog',
  'Other',
] as const;

export type OnboardingSurveyAnswer = {
  first_name: string;
  role: string;
  subrole: string;
  timezone: string;
  source: string;
};

/** Why an answer is not acceptable, or null when it is. */
export function surveyProblem(answer: OnboardingSurveyAnswer): string | null {
  if (!answer.first_name.trim()) return 'Please tell us your first name.';
  const subroles = ONBOARDING_ROLES[answer.role];
  if (!subroles) return 'Please choose a role.';
  if (!subroles.includes(answer.subrole)) return 'Please choose what describes you best.';
  if (!isTimeZone(answer.timezone)) return 'Please choose a time zone.';
  if (!(ONBOARDING_SOURCES as readonly string[]).includes(answer.source))
    return 'Please tell us how you found us.';
  return null;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Where the signed-in shell sends a user who has not finished onboarding (and nowhere else). */
export function onboardingRedirect(
  user: { is_onboarding_completed: boolean },
  pathname: string,
): string | null {
  if (user.is_onboarding_completed) return null;
  return pathname.startsWith('/app/onboarding') ? null : '/app/onboarding';
}
