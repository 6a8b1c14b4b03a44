import { Navigate } from 'react-router';

import { PageSpinner } from '../components/page-spinner';
import { useCurrentUser } from '@/lib/current-user';

import { SurveyStepTwo } from '../components/survey-step-two';

/** /app/onboarding/next: the survey's second step; then the checklist. */
export default function OnboardingNextRoute() {
  const { data } = useCurrentUser();
  if (!data) return <PageSpinner />;
  if (data.is_onboarding_completed) return <Navigate to="/app/onboarding-checklist" replace />;
  return <SurveyStepTwo userId={data.user_id} afterComplete="/app/onboarding-checklist" />;
}
