import type { OkResponse } from '@vocalis/contracts/user';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { findProfile, findUser, findUserByEmail } from '../user/user.repo';
import * as repo from './account-codes.repo';
import { hashCode, issueCode } from './email-change.service';

export const SUPPORT_ACCESS_MESSAGES = {
  granted: 'Thank you for granting us access to your account!',
  requested: (email: string) => `We have asked ${email} to grant support access.`,
  invalidCode: 'This support-access request is invalid, has expired or was already answered.',
  staffOnly: 'Only staff accounts can request support access.',
  noUser: 'No user is found with this email.',
} as const;

/** A request for access stays open for a day. */
const REQUEST_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Support-access grants (accounts.md §7 `POST sign-in-requests/verify`): a staff account asks, the user
 * gets a mail with an action link (mode verifySignInRequest), and granting spends the single-use code.
 * The spent code is the grant record (used_at = when access was granted).
 */
export class SupportAccessService {
  constructor(
    private readonly db: AppDb,
    private readonly config: Config,
    private readonly mailer: Mailer,
  ) {}

  /** POST /v1/support/sign-in-requests (staff only): mails the user a link to grant access. */
  async request(staffId: string, email: string): Promise<OkResponse> {
    const staff = await findProfile(this.db, staffId);
    if (!staff?.isInternal) throw forbidden(SUPPORT_ACCESS_MESSAGES.staffOnly);
    const staffUser = await findUser(this.db, staffId);
    const user = await findUserByEmail(this.db, email.trim());
    if (!user) throw notFound(SUPPORT_ACCESS_MESSAGES.noUser, 'user_not_found');
    const code = await issueCode(this.db, {
      userId: user.id,
      kind: 'sign_in_request',
      payload: staffId,
      ttlMs: REQUEST_TTL_MS,
    });
    const link = new URL('/action', this.config.publicUrl);
    link.searchParams.set('mode', 'verifySignInRequest');
    link.searchParams.set('oobCode', code);
    link.searchParams.set('lang', 'en');
    await this.mailer.send({
      to: user.email,
      subject: 'Vocalis support asks for access to your account',
      text: [
        'Hello,',
        '',
        `${staffUser?.email ?? 'Vocalis support'} from Vocalis support asks for access to your account to help you.`,
        'If you want to allow it, follow this link while signed in and choose "Grant access":',
        '',
        link.href,
        '',
        "If you didn't contact support, ignore this email; nothing changes unless you grant access.",
        '',
        'The link works for 24 hours and only once.',
      ].join('\n'),
    });
    return { status: 'ok', message: SUPPORT_ACCESS_MESSAGES.requested(user.email) };
  }

  /** POST /v1/user/sign-in-requests/verify */
  async verify(userId: string, code: string): Promise<OkResponse> {
    const row = await repo.consumeCode(this.db, {
      kind: 'sign_in_request',
      userId,
      codeHash: hashCode(code),
    });
    if (!row) throw badRequest(SUPPORT_ACCESS_MESSAGES.invalidCode, 'invalid_sign_in_request');
    return { status: 'ok', message: SUPPORT_ACCESS_MESSAGES.granted };
  }
}
