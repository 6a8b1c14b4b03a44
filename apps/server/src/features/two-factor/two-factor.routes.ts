import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupCodeParams,
  backupCodesResponse,
  regenerateBackupCodesBody,
  updateMfaFactorsBody,
  updateMfaFactorsResponse,
} from '@vocalis/contracts/two-factor';
import { okResponse } from '@vocalis/contracts/user';
import type { Auth } from '../../auth/auth';
import { authRequestHeaders } from '../../auth/auth-proxy';
import type { AppDb } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { badRequest } from '../../errors';
import { maskPhone, PHONE_FACTOR_MESSAGES, type PhoneFactorService } from './phone-factor.service';
import { TwoFactorService } from './two-factor.service';

const tags = ['user'];

/** The enrolled phone as GET /v1/user shows it (masked), or null. */
async function enrolledFactor(phone: PhoneFactorService, userId: string) {
  const current = await phone.enrolled(userId);
  return current
    ? {
        enrolled_at_unix: Math.floor(current.enrolledAt.getTime() / 1000),
        phone_number_hint: maskPhone(current.phone),
      }
    : null;
}

/** Backup-code calls of accounts.md §7; enrolment and the sign-in step are better-auth's /api/auth/two-factor/*. */
export const twoFactorRoutes =
  (service: TwoFactorService, phone: PhoneFactorService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/user/update-mfa-factors',
      {
        schema: {
          tags,
          summary: 'Add, confirm or remove the phone (SMS) second factor',
          body: updateMfaFactorsBody,
          response: { 200: updateMfaFactorsResponse },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const body = request.body;
        if (body.sms === null) {
          if ('password' in body) {
            await service.checkPassword(authRequestHeaders(request), body.password);
            await phone.remove(userId);
            return { status: 'ok' as const, sms_mfa_factor: null };
          }
          // Without a password, a code texted to the enrolled number confirms the removal.
          if (await service.hasPassword(userId)) {
            throw badRequest(PHONE_FACTOR_MESSAGES.passwordRequired, 'password_required');
          }
          if ('code' in body) {
            await phone.removeWithCode(userId, body.code);
            return { status: 'ok' as const, sms_mfa_factor: null };
          }
          await phone.startRemoval(userId);
          return { status: 'code_sent' as const, sms_mfa_factor: await enrolledFactor(phone, userId) };
        }
        if ('code' in body.sms) {
          const enrolledAt = await phone.confirmEnrolment(userId, body.sms.phone_number, body.sms.code);
          return {
            status: 'ok' as const,
            sms_mfa_factor: {
              enrolled_at_unix: Math.floor(enrolledAt.getTime() / 1000),
              phone_number_hint: maskPhone(body.sms.phone_number),
            },
          };
        }
        await phone.startEnrolment(userId, body.sms.phone_number);
        return { status: 'code_sent' as const, sms_mfa_factor: await enrolledFactor(phone, userId) };
      },
    );

    app.post(
      '/v1/user/backup-code',
      {
        schema: {
          tags,
          summary: 'Generate new backup codes for the second factor (shown once)',
          body: regenerateBackupCodesBody,
          response: { 200: backupCodesResponse },
        },
      },
      async (request) => {
        requireUser(request);
        const codes = await service.regenerateBackupCodes(authRequestHeaders(request), request.body.password);
        return { backup_codes: codes };
      },
    );

    app.post(
      '/v1/user/backup-code/:code/remove-mfa',
      {
        // Also the second sign-in step, before any session exists.
        config: { public: true },
        schema: {
          tags,
          summary: 'Remove the authenticator app with a backup code (signs in when used at the second step)',
          params: backupCodeParams,
          response: { 200: okResponse },
        },
      },
      async (request, reply) => {
        const { setCookies } = await service.removeWithBackupCode(
          authRequestHeaders(request),
          request.params.code,
        );
        if (setCookies.length) reply.header('set-cookie', setCookies);
        return {
          status: 'ok' as const,
          message: 'Two-factor authentication has been removed from your account.',
        };
      },
    );
  };

/** The feature as one plugin for app.ts. */
export const twoFactorFeature = (auth: Auth, db: AppDb, phone: PhoneFactorService): FastifyPluginAsyncZod =>
  twoFactorRoutes(new TwoFactorService(auth, db), phone);
