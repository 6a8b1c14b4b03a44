import { passwordRequirementsError } from '@vocalis/domain/password-rules';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { MAIL_LIMIT_MESSAGE, MailLimiter, MailLimitError } from '../mail/mail-limits';
import { currentMailContext } from '../mail/mail-context';
import { signInLimiter } from './sign-in-limiter';

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

// Endpoints where an anonymous caller names an address that may get a mail, and the body field with it.
const MAIL_REQUEST_FIELDS: Record<string, string> = {
  '/sign-up/email': 'email',
  '/request-password-reset': 'email',
  '/send-verification-email': 'email',
};

type HookContext = { path?: string; body?: unknown; headers?: Headers; request?: Request };

function clientIp(ctx: HookContext): string | null {
  return (
    ctx.headers?.get(CLIENT_IP_HEADER) ??
    ctx.request?.headers.get(CLIENT_IP_HEADER) ??
    currentMailContext()?.ip ??
    null
  );
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
 * better-auth hooks: the spec's password rules on every endpoint that sets a password; the sign-in
 * lockout, reserved before the password is checked (sign-in-limiter.ts); and the mail limit on endpoints
 * that mail a caller-named address, reserved whether or not a mail goes out (decision 030).
 */
export function authHooks(db: AppDb, config: Config) {
  const signIns = signInLimiter(db, config.signInLimits);
  const mails = new MailLimiter(db, config.mailLimits);

  const before = createAuthMiddleware(async (ctx) => {
    const field = ctx.path ? PASSWORD_FIELDS[ctx.path] : undefined;
    if (field) {
      const error = passwordRequirementsError(bodyField(ctx, field) ?? '');
      if (error) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_WEAK', message: error });
    }
    const mailField = ctx.path ? MAIL_REQUEST_FIELDS[ctx.path] : undefined;
    const address = mailField && bodyField(ctx, mailField);
    if (address) {
      await mails.reserve(address).catch((err: unknown) => {
        if (!(err instanceof MailLimitError)) throw err;
        throw new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_REQUESTS', message: MAIL_LIMIT_MESSAGE });
      });
    }
    if (ctx.path === '/sign-in/email' && !(await signIns.reserve(bodyField(ctx, 'email'), clientIp(ctx)))) {
      throw new APIError('TOO_MANY_REQUESTS', {
        code: 'TOO_MANY_REQUESTS',
        message: AUTH_MESSAGES.tooManyAttempts,
      });
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/change-password') return clearerChangePasswordError(ctx.context.returned);
    if (ctx.path !== '/sign-in/email') return;
    const returned = ctx.context.returned;
    // Only a wrong password (or unknown account) stays counted; anything else gives its attempt back.
    if (!isAPIError(returned) || returned.statusCode !== 401)
      await signIns.release(bodyField(ctx, 'email'), clientIp(ctx));
    if (
      isAPIError(returned) &&
      (returned.body as { code?: string } | undefined)?.code === 'EMAIL_NOT_VERIFIED'
    ) {
      throw new APIError('FORBIDDEN', {
        code: 'EMAIL_NOT_VERIFIED',
        message: AUTH_MESSAGES.emailNotVerified,
      });
    }
  });

  return { before, after };
}
