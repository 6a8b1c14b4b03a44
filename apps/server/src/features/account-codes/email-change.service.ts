import { createHash, randomBytes } from 'node:crypto';
import type { ChangeEmailResponse } from '@vocalis/contracts/account-codes';
import type { OkResponse } from '@vocalis/contracts/user';
import { hitRateLimit } from '../../auth/rate-limits.repo';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import { badRequest, conflict, notFound, tooManyRequests } from '../../errors';
import { newId } from '../../lib/ids';
import type { Mailer } from '../../mail/mailer';
import { findUser, findUserByEmail } from '../user/user.repo';
import * as repo from './account-codes.repo';

export const EMAIL_CHANGE_MESSAGES = {
  sent: (email: string) => `We have sent an email to ${email} with a link to confirm the change.`,
  updated: 'Email updated! Please refresh this page to reauthenticate.',
  invalidCode: 'The verification code is invalid, has expired or was already used.',
  sameEmail: 'This is already your email address.',
  taken: 'An account with this email address already exists.',
  tooMany: 'Too many requests, please try again in a few minutes.',
} as const;

/** The link to the new address works for an hour; the revert link to the old address for a week. */
const CHANGE_TTL_MS = 60 * 60 * 1000;
const REVERT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const REQUESTS_PER_HOUR = 5;

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Creates a random single-use code; only its hash is stored. Returns the code for the mail. */
export async function issueCode(
  db: AppDb,
  input: { userId: string; kind: repo.AccountCodeKind; payload: string; ttlMs: number },
): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await repo.insertCode(db, {
    id: newId(),
    kind: input.kind,
    userId: input.userId,
    codeHash: hashCode(code),
    payload: input.payload,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return code;
}

/**
 * Email change (accounts.md §7, `PUT /v1/user/email?verification_code&is_reverting`): a code mailed to
 * the new address proves it; using it switches the address and mails the old address a revert link
 * (`isReverting=true`) that restores it. Codes are single use, expire and are stored hashed.
 */
export class EmailChangeService {
  constructor(
    private readonly db: AppDb,
    private readonly config: Config,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Where a mailed code lands, redeemed with PUT /v1/user/email: the change link opens the settings page
   * (`emailChangeCode`); the revert link uses the shell's own parameters (accounts.md §2: "When the URL
   * has newUser false and internalCode, the internal code is redeemed (or reverted when isReverting is
   * set) and the user goes to the root"), decision 022.
   */
  link(code: string, isReverting: boolean): string {
    if (isReverting) {
      const url = new URL('/app/home', this.config.publicUrl);
      url.searchParams.set('newUser', 'false');
      url.searchParams.set('internalCode', code);
      url.searchParams.set('isReverting', 'true');
      return url.href;
    }
    const url = new URL('/app/settings', this.config.publicUrl);
    url.searchParams.set('emailChangeCode', code);
    return url.href;
  }

  private issue(userId: string, kind: repo.AccountCodeKind, payload: string, ttlMs: number) {
    return issueCode(this.db, { userId, kind, payload, ttlMs });
  }

  /** POST /v1/user/send-email-change-verification */
  async requestChange(userId: string, newEmailRaw: string): Promise<OkResponse> {
    const newEmail = newEmailRaw.trim().toLowerCase();
    const user = await findUser(this.db, userId);
    if (!user) throw notFound('User not found.');
    if (user.email === newEmail) throw badRequest(EMAIL_CHANGE_MESSAGES.sameEmail, 'same_email');
    if (await findUserByEmail(this.db, newEmail)) throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'email_taken');
    if ((await hitRateLimit(this.db, `mail:email-change:${userId}`, 3600)) > REQUESTS_PER_HOUR)
      throw tooManyRequests(EMAIL_CHANGE_MESSAGES.tooMany);
    const code = await this.issue(userId, 'email_change', newEmail, CHANGE_TTL_MS);
    await this.mailer.send({
      to: newEmail,
      subject: 'Confirm your new email for Vocalis',
      text: [
        'Hello,',
        '',
        `Follow this link to make ${newEmail} the email address of your Vocalis account (${user.email}):`,
        '',
        this.link(code, false),
        '',
        "If you didn't ask for this change, you can ignore this email.",
        '',
        'The link works for one hour and only once.',
      ].join('\n'),
    });
    return { status: 'ok', message: EMAIL_CHANGE_MESSAGES.sent(newEmail) };
  }

  /**
   * PUT /v1/user/email?verification_code&is_reverting. A change (and a revert) ends the user's other
   * sessions: whoever held one signed in under the previous address (decision 022).
   */
  async change(
    userId: string,
    code: string,
    isReverting: boolean,
    currentSessionId: string | null,
  ): Promise<ChangeEmailResponse> {
    const kind: repo.AccountCodeKind = isReverting ? 'email_revert' : 'email_change';
    const result = await this.db
      .transaction(async (txRaw) => {
        const tx = txRaw as unknown as AppDb;
        const row = await repo.consumeCode(tx, { kind, userId, codeHash: hashCode(code) });
        if (!row) throw badRequest(EMAIL_CHANGE_MESSAGES.invalidCode, 'invalid_verification_code');
        const user = await findUser(tx, userId);
        if (!user) throw notFound('User not found.');
        const target = row.payload;
        const holder = await findUserByEmail(tx, target);
        if (holder && holder.id !== userId) throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'email_taken');
        await repo.setUserEmail(tx, userId, target);
        // A revert cancels any change still pending, so a stolen session cannot re-apply it.
        if (isReverting) await repo.spendOpenCodes(tx, userId, 'email_change');
        await repo.deleteOtherSessions(tx, userId, currentSessionId);
        return { oldEmail: user.email, newEmail: target };
      })
      .catch((err: unknown) => {
        // Two accounts confirming the same address at once: the loser passed the check above before the
        // winner committed and meets the unique index instead. Nothing was written (the code is unused).
        if (isUniqueViolation(err)) throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'email_taken');
        throw err;
      });
    if (!isReverting && result.oldEmail !== result.newEmail) {
      const revert = await this.issue(userId, 'email_revert', result.oldEmail, REVERT_TTL_MS);
      await this.mailer.send(
        {
          to: result.oldEmail,
          subject: 'Your Vocalis email was changed',
          text: [
            'Hello,',
            '',
            `The email address of your Vocalis account was changed from ${result.oldEmail} to ${result.newEmail}.`,
            '',
            "If you didn't make this change, follow this link to restore your previous address:",
            '',
            this.link(revert, true),
            '',
            'The link works for seven days and only once.',
          ].join('\n'),
        },
        // Counted but never refused: spending the old address's mail budget must not silence it (decision 030).
        { countOnly: true },
      );
    }
    return { status: 'ok', email: result.newEmail, message: EMAIL_CHANGE_MESSAGES.updated };
  }
}

/** PostgreSQL's unique_violation, as the driver raised it or wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    e = e.cause as typeof e, i++
  )
    if (e.code === '23505') return true;
  return false;
}
