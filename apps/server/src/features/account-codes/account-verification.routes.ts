import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attachInternalCodeBody,
  prepareInternalVerificationBody,
  verifySensitiveActionCodeBody,
} from '@vocalis/contracts/account-verification';
import { okResponse } from '@vocalis/contracts/user';
import { requireUser } from '../../plugins/auth';
import type { InternalVerificationService } from './internal-verification.service';
import type { SensitiveActionService } from './sensitive-actions.service';

const tags = ['user'];

/** Internal verification codes and email-access verification (decision 022). */
export const accountVerificationRoutes =
  (internal: InternalVerificationService, sensitive: SensitiveActionService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/user/prepare-internal-verification',
      {
        schema: {
          tags,
          summary: "Register a client-made internal verification code for the caller's own email",
          body: prepareInternalVerificationBody,
          response: { 200: okResponse },
        },
      },
      (request) => internal.prepare(requireUser(request), request.body.email, request.body.verification_code),
    );

    app.post(
      '/v1/user/attach-internal-code',
      {
        // The sign-in form attaches the mailed code before signing in (accounts.md §4).
        config: { public: true },
        schema: {
          tags,
          summary: 'Attach a mailed internal verification code to the account (marks its email verified)',
          body: attachInternalCodeBody,
          response: { 200: okResponse },
        },
      },
      (request) => internal.attach(request.body.email, request.body.internal_code),
    );

    app.post(
      '/v1/user/verify-sensitive-action-code',
      {
        schema: {
          tags,
          summary:
            'Verify email access with a mailed code: this session may do sensitive actions for 10 minutes',
          body: verifySensitiveActionCodeBody,
          response: { 200: okResponse },
        },
      },
      async (request) => sensitive.verify(await sensitive.sessionOf(request), request.body.code),
    );
  };
