import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse, setPasswordBody } from '@vocalis/contracts/user';
import { authRequestHeaders } from '../../auth/auth-proxy';
import { requireUser } from '../../plugins/auth';
import type { SensitiveActionService } from '../account-codes/sensitive-actions.service';
import type { PasswordService } from './password.service';

/** POST /v1/user/set-password: a first password, as a sensitive action (fresh sign-in or email access; decision 022). */
export const passwordRoutes =
  (service: PasswordService, sensitive: Pick<SensitiveActionService, 'require'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/user/set-password',
      {
        schema: {
          tags: ['user'],
          summary: 'Set a first password on an account made by social sign-in (signed-in session only)',
          body: setPasswordBody,
          response: { 200: okResponse },
        },
      },
      (request) =>
        service.setPassword({
          userId: requireUser(request),
          headers: authRequestHeaders(request),
          newPassword: request.body.new_password,
          confirmIdentity: () => sensitive.require(request),
        }),
    );
  };
