import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingSurveyCompleteBody } from '@vocalis/contracts/onboarding';
import type { User } from '@vocalis/contracts/user';

import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/current-user';

/** POST /v1/user/onboarding-survey-complete: ends onboarding and starts the checklist. */
export function completeSurvey(body: OnboardingSurveyCompleteBody) {
  return api.post<User>('/v1/user/onboarding-survey-complete', body);
}

export function useCompleteSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSurvey,
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}
