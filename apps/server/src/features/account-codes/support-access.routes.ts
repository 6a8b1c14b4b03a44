import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSignInRequestBody, verifySignInRequestBody } from '@vocalis/contracts/account-codes';
import { okResponse } from '@vocalis/contracts/user';
import { requireUser } from '../../plugins/auth';
import type { SupportAccessService } from './support-access.service';

export const supportAccessRoutes =
  (service: SupportAccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/user/sign-in-requests/verify',
      {
        schema: {
          tags: ['user'],
          summary: 'Grant support access with the code from the mailed link',
          body: verifySignInRequestBody,
          response: { 200: okResponse },
        },
      },
      (request) => service.verify(requireUser(request), request.body.sign_in_request_verification_code),
    );

    app.post(
      '/v1/support/sign-in-requests',
      {
        schema: {
          tags: ['support'],
          summary: 'Staff only: mail a user a link to grant support access',
          body: createSignInRequestBody,
          response: { 200: okResponse },
        },
      },
      (request) => service.request(requireUser(request), request.body.email),
    );
  };
