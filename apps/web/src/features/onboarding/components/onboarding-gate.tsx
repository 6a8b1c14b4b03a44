import { onboardingRedirect } from '@vocalis/domain/onboarding-survey';
import { Navigate, useLocation } from 'react-router';

import { useCurrentUser } from '@/lib/current-user';

/** Sends a user who has not finished onboarding to /app/onboarding from any other app page. */
export function OnboardingGate() {
  const { data } = useCurrentUser();
  const { pathname } = useLocation();
  const target = data ? onboardingRedirect(data, pathname) : null;
  return target ? <Navigate to={target} replace /> : null;
}
