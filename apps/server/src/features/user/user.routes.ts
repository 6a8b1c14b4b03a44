import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkPasswordResetCodeBody,
  checkPasswordResetCodeResponse,
  editUserMetadataBody,
  okResponse,
  optOutOfUpdatesBody,
  sendPasswordResetEmailBody,
  sendVerificationEmailBody,
  user,
} from '@vocalis/contracts/user';
import { requireUser } from '../../plugins/auth';
import type { AccountActionsService } from './account-actions.service';
import type { UserService } from './user.service';

const tags = ['user'];
const OPTED_OUT = 'We have opted you out of receiving product updates.';

export const userRoutes =
  (users: UserService, actions: AccountActionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/user',
      { schema: { tags, summary: 'The signed-in user', response: { 200: user } } },
      // A session bearer token names the workspace in its claims; otherwise the user's current one (§3).
      (request) =>
        users.get(requireUser(request), request.principal?.workspaceId, request.principal?.workspace),
    );

    app.post(
      '/v1/user/edit-user-metadata',
      {
        schema: {
          tags,
          summary: 'Edit the user metadata',
          body: editUserMetadataBody,
          response: { 200: user },
        },
      },
      (request) => users.editMetadata(requireUser(request), request.body),
    );

    app.post(
      '/v1/user/dismiss-moderation-warning',
      { schema: { tags, summary: 'Dismiss the moderation warning', response: { 200: user } } },
      (request) => users.dismissModerationWarning(requireUser(request)),
    );

    app.post(
      '/v1/user/opt-out-of-updates',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Opt out of product updates with the key from a mail',
          body: optOutOfUpdatesBody,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await users.optOutOfUpdates(request.body.opt_out_updates_key);
        return { status: 'ok' as const, message: OPTED_OUT };
      },
    );

    app.post(
      '/v1/user/send-verification-email',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Send a new verification email',
          body: sendVerificationEmailBody,
          response: { 200: okResponse },
        },
      },
      (request) => actions.sendVerificationEmail(request.body.email, request.body.continue_url),
    );

    app.post(
      '/v1/user/send-password-reset-email',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Send a password reset email',
          body: sendPasswordResetEmailBody,
          response: { 200: okResponse },
        },
      },
      (request) => actions.sendPasswordResetEmail(request.body.email, request.body.continue_url),
    );

    app.post(
      '/v1/user/check-password-reset-code',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Check a password reset code without using it; returns the email',
          body: checkPasswordResetCodeBody,
          response: { 200: checkPasswordResetCodeResponse },
        },
      },
      (request) => actions.checkPasswordResetCode(request.body.code),
    );
  };
