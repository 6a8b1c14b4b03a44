import type { OkResponse } from '@vocalis/contracts/user';
import { resolveRedirectTarget } from '@vocalis/domain/redirect-target';
import type { Auth } from '../../auth/auth';
import { hitRateLimit } from '../../auth/rate-limits.repo';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import { badRequest, tooManyRequests } from '../../errors';
import { MailLimiter } from '../../mail/mail-limits';
import * as repo from './user.repo';

export const ACCOUNT_ACTION_MESSAGES = {
  verificationSent: 'We have sent you a new email with instructions on how to verify your account.',
  resetSent: (email: string) =>
    `If a user with the email ${email} exists, then we have sent an email containing instructions on how to reset your password.`,
  invalidCode:
    'An error occured, your link is either expired or invalid, please request another password change.',
} as const;

// Mail requests per address and hour: enough for a lost mail, too few to flood someone's inbox.
const MAIL_REQUESTS_PER_HOUR = 5;

/** The emailed-link requests that need no session: verification and password reset (accounts.md §7). */
export class AccountActionsService {
  constructor(
    private readonly auth: Auth,
    private readonly db: AppDb,
    private readonly config: Config,
  ) {}

  /**
   * The mailed link's continue path: a same-origin path on the redirect allow-list, checked after the URL
   * parser has normalised it (`/.//evil.com` is `//evil.com`), else the sign-in route.
   */
  private continuePath(continueUrl: string | undefined): string {
    return resolveRedirectTarget(continueUrl, { origin: this.config.publicUrl, fallback: '/sign-in' });
  }

  private async limit(kind: string, email: string): Promise<void> {
    const hits = await hitRateLimit(this.db, `mail:${kind}:${email.toLowerCase()}`, 3600);
    if (hits > MAIL_REQUESTS_PER_HOUR)
      throw tooManyRequests('Too many requests, please try again in a few minutes.');
    // The one mail limit (per address and per IP, decision 030), reserved before better-auth decides whether to mail.
    await new MailLimiter(this.db, this.config.mailLimits).reserve(email);
  }

  /** POST /v1/user/send-verification-email: answers the same whether or not the address has an account. */
  async sendVerificationEmail(email: string, continueUrl?: string): Promise<OkResponse> {
    await this.limit('verify', email);
    await this.auth.api.sendVerificationEmail({
      body: { email, callbackURL: this.continuePath(continueUrl) },
    });
    return { status: 'ok', message: ACCOUNT_ACTION_MESSAGES.verificationSent };
  }

  /** POST /v1/user/send-password-reset-email: answers the same whether or not the address has an account. */
  async sendPasswordResetEmail(email: string, continueUrl?: string): Promise<OkResponse> {
    await this.limit('reset', email);
    await this.auth.api.requestPasswordReset({ body: { email, redirectTo: this.continuePath(continueUrl) } });
    return { status: 'ok', message: ACCOUNT_ACTION_MESSAGES.resetSent(email) };
  }

  /** Checks a password-reset code without using it up; returns the account's email. */
  async checkPasswordResetCode(code: string): Promise<{ email: string }> {
    const ctx = await this.auth.$context;
    const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${code}`);
    const user =
      found && found.expiresAt > new Date() ? await repo.findUser(this.db, found.value) : undefined;
    if (!user) throw badRequest(ACCOUNT_ACTION_MESSAGES.invalidCode, 'invalid_action_code');
    return { email: user.email };
  }
}
