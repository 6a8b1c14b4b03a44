import { passwordRequirementsError } from '@vocalis/domain/password-rules';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { clearRateLimit, hitRateLimit, peekRateLimit } from './rate-limits.repo';

/** Set by our /api/auth proxy from Fastify's request.ip (which honours TRUST_PROXY); never taken from the client. */
export const CLIENT_IP_HEADER = 'x-vocalis-client-ip';

/** Sign-in failure texts the server sends (accounts.md §8); the web app shows the same words. */
export const AUTH_MESSAGES = {
  tooManyAttempts: 'Too many sign-in attempts, please try again in a few minutes.',
  emailNotVerified:
    'Your email address has not been verified yet. Please follow the link in the email we sent you.',
  disabled: 'Your account has been disabled by an administrator in your workspace.',
  deleted: 'Your account has been deleted.',
  banned:
    'Your account has been suspended for violating our prohibited use policy. If you think this is a mistake, you can appeal.',
  /** better-auth says only "Invalid password" when the current password given to change it is wrong. */
  wrongCurrentPassword: 'Your current password is incorrect.',
  noPasswordToChange: 'Your account has no password yet. Set one instead.',
} as const;

// Endpoints that set a password, and the body field that carries it.
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

const accountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `sign-in:ip:${ip}`;

type HookContext = { path?: string; body?: unknown; headers?: Headers; request?: Request };

function clientIp(ctx: HookContext): string | null {
  return ctx.headers?.get(CLIENT_IP_HEADER) ?? ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null;
}

function bodyField(ctx: HookContext, name: string): string | undefined {
  const body = ctx.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** Replaces better-auth's terse change-password failures with sentences a user can act on. */
function clearerChangePasswordError(returned: unknown): void {
  if (!isAPIError(returned)) return;
  const code = (returned.body as { code?: string } | undefined)?.code;
  if (code === 'INVALID_PASSWORD') {
    throw new APIError('BAD_REQUEST', { code, message: AUTH_MESSAGES.wrongCurrentPassword });
  }
  if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
    throw new APIError('BAD_REQUEST', { code, message: AUTH_MESSAGES.noPasswordToChange });
  }
}

/**
 * better-auth hooks: the spec's password rules on every endpoint that sets a password, and a sign-in
 * limiter per account and per IP whose counters live in the database (so every node agrees).
 */
export function authHooks(db: AppDb, config: Config) {
  const { perAccount, perIp, windowSeconds } = config.signInLimits;

  const before = createAuthMiddleware(async (ctx) => {
    const field = ctx.path ? PASSWORD_FIELDS[ctx.path] : undefined;
    if (field) {
      const error = passwordRequirementsError(bodyField(ctx, field) ?? '');
      if (error) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_WEAK', message: error });
    }
    if (ctx.path === '/sign-in/email') {
      const email = bodyField(ctx, 'email');
      const ip = clientIp(ctx);
      const [byAccount, byIp] = await Promise.all([
        email ? peekRateLimit(db, accountKey(email), windowSeconds) : 0,
        ip ? peekRateLimit(db, ipKey(ip), windowSeconds) : 0,
      ]);
      if (byAccount >= perAccount || byIp >= perIp) {
        throw new APIError('TOO_MANY_REQUESTS', {
          code: 'TOO_MANY_REQUESTS',
          message: AUTH_MESSAGES.tooManyAttempts,
        });
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/change-password') return clearerChangePasswordError(ctx.context.returned);
    if (ctx.path !== '/sign-in/email') return;
    const returned = ctx.context.returned;
    const email = bodyField(ctx, 'email');
    if (isAPIError(returned)) {
      // Only wrong credentials count towards the lockout; a right password for a blocked account does not.
      if (returned.statusCode === 401) {
        const ip = clientIp(ctx);
        await Promise.all([
          email ? hitRateLimit(db, accountKey(email), windowSeconds) : null,
          ip ? hitRateLimit(db, ipKey(ip), windowSeconds) : null,
        ]);
      }
      if ((returned.body as { code?: string } | undefined)?.code === 'EMAIL_NOT_VERIFIED') {
        throw new APIError('FORBIDDEN', {
          code: 'EMAIL_NOT_VERIFIED',
          message: AUTH_MESSAGES.emailNotVerified,
        });
      }
      return;
    }
    if (email) await clearRateLimit(db, accountKey(email));
  });

  return { before, after };
}
