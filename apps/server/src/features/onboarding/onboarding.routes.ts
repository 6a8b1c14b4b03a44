import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingChecklistUpdateBody, onboardingSurveyCompleteBody } from '@vocalis/contracts/onboarding';
import { user } from '@vocalis/contracts/user';
import { requireUser } from '../../plugins/auth';
import type { OnboardingService } from './onboarding.service';

const tags = ['onboarding'];
const base = '/v1/user/onboarding-checklist';

/** The onboarding survey and checklist calls (accounts.md §7); each answers the updated user. */
export const onboardingRoutes =
  (service: OnboardingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/user/onboarding-survey-complete',
      {
        schema: {
          tags,
          summary: 'Complete the onboarding survey',
          body: onboardingSurveyCompleteBody,
          response: { 200: user },
        },
      },
      (request) => service.completeSurvey(requireUser(request), request.body),
    );

    app.post(
      `${base}/initiate`,
      { schema: { tags, summary: 'Start the onboarding checklist', response: { 200: user } } },
      (request) => service.initiate(requireUser(request)),
    );

    app.post(
      `${base}/update`,
      {
        schema: {
          tags,
          summary: 'Complete one onboarding checklist item',
          body: onboardingChecklistUpdateBody,
          response: { 200: user },
        },
      },
      (request) => service.update(requireUser(request), request.body),
    );

    app.post(
      `${base}/hide`,
      { schema: { tags, summary: 'Hide the onboarding checklist', response: { 200: user } } },
      (request) => service.hide(requireUser(request)),
    );

    app.post(
      `${base}/mark-complete`,
      { schema: { tags, summary: 'Mark the onboarding checklist completed', response: { 200: user } } },
      (request) => service.markComplete(requireUser(request)),
    );
  };
