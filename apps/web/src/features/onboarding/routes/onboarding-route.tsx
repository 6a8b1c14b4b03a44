import { Navigate } from 'react-router';

import { PageSpinner } from '../components/page-spinner';
import { useUser } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';

import { SurveyStepOne } from '../components/survey-step-one';

/** /app/onboarding: the survey's first step (users who finished it go home). */
export default function OnboardingRoute() {
  const session = useUser();
  const { data } = useCurrentUser();
  if (!data) return <PageSpinner />;
  if (data.is_onboarding_completed) return <Navigate to="/app/home" replace />;
  return <SurveyStepOne userId={data.user_id} suggestedName={data.first_name ?? session?.name ?? ''} />;
}
