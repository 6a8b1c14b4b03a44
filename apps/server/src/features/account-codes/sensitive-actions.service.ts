import {
  ACCOUNT_VERIFICATION_MESSAGES as MESSAGES,
  EMAIL_ACCESS_REQUIRED,
  isSensitiveActionAllowed,
  SENSITIVE_ACTION_CODE_PARAM,
  SENSITIVE_ACTION_CODE_TTL_MS,
} from '@vocalis/domain/account-verification';
import type { OkResponse } from '@vocalis/contracts/user';
import type { FastifyRequest } from 'fastify';
import { hitRateLimit } from '../../auth/rate-limits.repo';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { requirePrincipal } from '../../plugins/auth';
import { findUser } from '../user/user.repo';
import * as repo from './account-codes.repo';
import type { CurrentSession, SessionLookup } from './current-session';
import { hashCode, issueCode } from './email-change.service';

// Mails per user and hour: a few retries, not a mail for every click.
const MAILS_PER_HOUR = 3;

/**
 * Sensitive actions (accounts.md §5 "Email-access verification", §7 verify-sensitive-action-code;
 * decision 022): deleting the account and requesting an email change need a session signed in within
 * the last ten minutes, or one that verified email access within the last ten minutes. Otherwise the
 * user is mailed a single-use code and the action answers 403 `email_access_verification_required`.
 */
export class SensitiveActionService {
  constructor(
    private readonly db: AppDb,
    private readonly config: Config,
    private readonly mailer: Mailer,
    private readonly sessions: SessionLookup,
  ) {}

  /** Where the mailed code lands: the settings page, whose shell submits it and removes it from the URL. */
  link(code: string): string {
    const url = new URL('/app/settings', this.config.publicUrl);
    url.searchParams.set(SENSITIVE_ACTION_CODE_PARAM, code);
    return url.href;
  }

  /** A route's preHandler: lets the action run, or mails a code and answers 403. */
  readonly require = async (request: FastifyRequest): Promise<void> => {
    const principal = requirePrincipal(request);
    if (principal.via !== 'session')
      throw forbidden('This action needs a signed-in session, not an API key.', 'session_required');
    const session = await this.sessions(request);
    if (!session) throw unauthorized();
    await this.check(principal.userId, session);
  };

  /** The same rule for a caller whose session is already known (routes outside /v1, e.g. /api/auth/*). */
  async check(userId: string, session: CurrentSession): Promise<void> {
    const emailAccessVerifiedAt = await repo.lastEmailAccessGrant(this.db, userId, session.id);
    const now = new Date();
    if (isSensitiveActionAllowed({ now, sessionCreatedAt: session.createdAt, emailAccessVerifiedAt })) return;
    const mailed = await this.mailCode(userId);
    throw forbidden(
      mailed ? MESSAGES.emailAccessRequired : MESSAGES.emailAccessRequiredNoMail,
      EMAIL_ACCESS_REQUIRED,
    );
  }

  private async mailCode(userId: string): Promise<boolean> {
    const user = await findUser(this.db, userId);
    if (!user) throw notFound('User not found.');
    if ((await hitRateLimit(this.db, `mail:email-access:${userId}`, 3600)) > MAILS_PER_HOUR) return false;
    const code = await issueCode(this.db, {
      userId,
      kind: 'sensitive_action',
      payload: '',
      ttlMs: SENSITIVE_ACTION_CODE_TTL_MS,
    });
    await this.mailer.send(
      {
        to: user.email,
        subject: 'Confirm it is you on Vocalis',
        text: [
          'Hello,',
          '',
          'Someone signed in to your Vocalis account asked to do something that needs extra confirmation,',
          'such as deleting the account, changing its email address or removing a second factor.',
          '',
          'If it was you, follow this link, then try the action again:',
          '',
          this.link(code),
          '',
          "If it wasn't you, don't follow the link, and change your password.",
          '',
          'The link works for 30 minutes and only once.',
        ].join('\n'),
      },
      // The owner's own address, under the per-user limit above: counted, never refused (decision 030).
      { countOnly: true },
    );
    return true;
  }

  /** The caller's session; API keys and missing sessions are refused (email access belongs to a session). */
  async sessionOf(request: FastifyRequest): Promise<{ userId: string; sessionId: string }> {
    const principal = requirePrincipal(request);
    if (principal.via !== 'session')
      throw forbidden('This action needs a signed-in session, not an API key.', 'session_required');
    const session = await this.sessions(request);
    if (!session) throw unauthorized();
    return { userId: principal.userId, sessionId: session.id };
  }

  /** POST /v1/user/verify-sensitive-action-code: spends the code and grants this session email access. */
  async verify(caller: { userId: string; sessionId: string }, code: string): Promise<OkResponse> {
    const row = await repo.consumeCode(this.db, {
      kind: 'sensitive_action',
      userId: caller.userId,
      codeHash: hashCode(code),
      // The spent row is the grant: it names the session that may now act (see lastEmailAccessGrant).
      setPayload: caller.sessionId,
    });
    if (!row) throw badRequest(MESSAGES.invalidCode, 'invalid_verification_code');
    return { status: 'ok', message: MESSAGES.emailAccessVerified };
  }
}
