import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailQuery,
  changeEmailResponse,
  sendEmailChangeVerificationBody,
} from '@vocalis/contracts/account-codes';
import { okResponse } from '@vocalis/contracts/user';
import { requireUser } from '../../plugins/auth';
import type { EmailChangeService } from './email-change.service';

const tags = ['user'];

export const emailChangeRoutes =
  (service: EmailChangeService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/user/send-email-change-verification',
      {
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
      (request) =>
        service.change(requireUser(request), request.query.verification_code, request.query.is_reverting),
    );
  };
