import { z } from 'zod';
import { visibleName } from './visible-name';

const answer = z.string().trim().min(1).max(100);

/** POST /v1/user/onboarding-survey-complete: accounts.md §3 onboarding_survey. */
export const onboardingSurveyCompleteBody = z
  .object({
    first_name: visibleName(100),
    role: answer,
    subrole: answer,
    timezone: answer,
    source: answer,
  })
  .strict();

/** POST /v1/user/onboarding-checklist/update: completes one item by its id. */
export const onboardingChecklistUpdateBody = z.object({ item_id: z.string().min(1).max(100) }).strict();

export type OnboardingSurveyCompleteBody = z.infer<typeof onboardingSurveyCompleteBody>;
export type OnboardingChecklistUpdateBody = z.infer<typeof onboardingChecklistUpdateBody>;
