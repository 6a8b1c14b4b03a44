import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupCodeParams,
  backupCodesResponse,
  regenerateBackupCodesBody,
  updateMfaFactorsBody,
  updateMfaFactorsResponse,
} from '@vocalis/contracts/two-factor';
import { okResponse } from '@vocalis/contracts/user';
import { authRequestHeaders } from '../../auth/auth-proxy';
import { requirePrincipal, requireUser } from '../../plugins/auth';
import { badRequest } from '../../errors';
import type { SensitiveActionService } from '../account-codes/sensitive-actions.service';
import { maskPhone, PHONE_FACTOR_MESSAGES, type PhoneFactorService } from './phone-factor.service';
import type { TwoFactorService } from './two-factor.service';

const tags = ['user'];

/** better-auth's two-factor calls that pass our rules first (see twoFactorRoutes). */
const TAKEN_OVER_AUTH_PATHS = [
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
] as const;

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
  (
    service: TwoFactorService,
    phone: PhoneFactorService,
    sensitive: Pick<SensitiveActionService, 'require' | 'check'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * better-auth's own calls that enrol, read or remove the authenticator app (decision 026). They are
     * answered by better-auth as before, after our rules: removing it needs a fresh session (or verified
     * email access), and so does every one of them for an account without a password, which better-auth
     * (allowPasswordless) lets through without one. Otherwise 403 email_access_verification_required.
     */
    for (const path of TAKEN_OVER_AUTH_PATHS) {
      app.post(
        `/api/auth${path}`,
        { config: { public: true }, schema: { hide: true } },
        async (request, reply) => {
          const headers = authRequestHeaders(request);
          const caller = await service.caller(headers);
          if (caller && (path === '/two-factor/disable' || !(await service.hasPassword(caller.userId)))) {
            await sensitive.check(caller.userId, caller.session);
          }
          const res = await service.forward(request.url, headers, request.body);
          reply.status(res.status);
          res.headers.forEach((value, key) => {
            if (key !== 'set-cookie') reply.header(key, value);
          });
          const cookies = res.headers.getSetCookie();
          if (cookies.length) reply.header('set-cookie', cookies);
          return reply.send(res.body ? Buffer.from(await res.arrayBuffer()) : null);
        },
      );
    }

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
          // Removing a second factor is a sensitive action (decision 026), besides its password or code.
          await sensitive.require(request);
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
        const userId = requireUser(request);
        // Without a password to confirm with, the session must be fresh (or have verified email access).
        if (request.body.password === undefined && !(await service.hasPassword(userId))) {
          await sensitive.require(request);
        }
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
        // Signed in, this removes the second factor: a sensitive action. At the sign-in step there is no
        // session yet; the two-factor cookie and the backup code are the proof.
        if (request.principal) {
          requirePrincipal(request);
          await sensitive.require(request);
        }
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
