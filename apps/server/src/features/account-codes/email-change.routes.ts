import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailQuery,
  changeEmailResponse,
  sendEmailChangeVerificationBody,
} from '@vocalis/contracts/account-codes';
import { okResponse } from '@vocalis/contracts/user';
import { requireUser } from '../../plugins/auth';
import type { SessionLookup } from './current-session';
import type { EmailChangeService } from './email-change.service';
import type { SensitiveActionService } from './sensitive-actions.service';

const tags = ['user'];

export const emailChangeRoutes =
  (
    service: EmailChangeService,
    sensitive: SensitiveActionService,
    sessions: SessionLookup,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/user/send-email-change-verification',
      {
        // A sensitive action: a fresh sign-in or verified email access (decision 022).
        preHandler: sensitive.require,
        schema: {
          tags,
          summary: 'Mail a link to the new address that confirms an email change',
          body: sendEmailChangeVerificationBody,
          response: { 200: okResponse },
        },
      },
      (request) => service.requestChange(requireUser(request), request.body.new_email),
    );

    app.put(
      '/v1/user/email',
      {
        schema: {
          tags,
          summary: 'Change (or, with is_reverting, restore) the email with a mailed verification code',
          querystring: changeEmailQuery,
          response: { 200: changeEmailResponse },
        },
      },
      async (request) =>
        service.change(
          requireUser(request),
          request.query.verification_code,
          request.query.is_reverting,
          (await sessions(request))?.id ?? null,
        ),
    );
  };
