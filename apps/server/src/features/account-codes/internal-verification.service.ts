import {
  ACCOUNT_VERIFICATION_MESSAGES as MESSAGES,
  INTERNAL_CODE_TTL_MS,
} from '@vocalis/domain/account-verification';
import type { OkResponse } from '@vocalis/contracts/user';
import type { AppDb } from '../../db/client';
import { hitRateLimit } from '../../auth/rate-limits.repo';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../errors';
import { newId } from '../../lib/ids';
import { findUser, findUserByEmail } from '../user/user.repo';
import * as repo from './account-codes.repo';
import { hashCode } from './email-change.service';
import { verifyInternalCode } from './internal-code';

const normalize = (email: string) => email.trim().toLowerCase();
const invalidCode = () => badRequest(MESSAGES.invalidCode, 'invalid_verification_code');
// Attaching needs no session, so guesses are counted per address (a prepared code may be short).
const ATTACH_ATTEMPTS = 10;
const ATTACH_WINDOW_S = 900;

/**
 * Internal verification codes (accounts.md §4 "Sign-in", §7; decision 022): a single-use code that
 * proves its holder received a mail at the account's address. Either the client registered it with
 * `prepare-internal-verification`, or we minted it (signed) into the verification mail. Attaching it
 * marks the address verified.
 */
export class InternalVerificationService {
  constructor(
    private readonly db: AppDb,
    private readonly secret: string,
  ) {}

  /** POST /v1/user/prepare-internal-verification: registers a client-made code for the caller's own address. */
  async prepare(userId: string, email: string, code: string): Promise<OkResponse> {
    const user = await findUser(this.db, userId);
    if (!user) throw notFound('User not found.');
    if (normalize(email) !== user.email.toLowerCase())
      throw forbidden(MESSAGES.emailMismatch, 'email_mismatch');
    const inserted = await repo.insertCodeIfNew(this.db, {
      id: newId(),
      kind: 'internal_verification',
      userId,
      codeHash: hashCode(code),
      payload: user.email,
      expiresAt: new Date(Date.now() + INTERNAL_CODE_TTL_MS),
    });
    if (!inserted)
      throw conflict('This verification code was already used; generate a new one.', 'code_in_use');
    return { status: 'ok', message: 'The verification code is ready to be used.' };
  }

  /**
   * POST /v1/user/attach-internal-code (no session: the sign-in form attaches before signing in). The
   * code must belong to `email`'s account; the same answer for an unknown address and a bad code.
   */
  async attach(email: string, code: string): Promise<OkResponse> {
    // Counted outside the transaction below, so a refused attempt still counts.
    if (
      (await hitRateLimit(this.db, `attach-internal:${normalize(email)}`, ATTACH_WINDOW_S)) > ATTACH_ATTEMPTS
    )
      throw tooManyRequests('Too many attempts, please try again in a few minutes.', 'too_many_attempts');
    const codeHash = hashCode(code);
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDb;
      const user = await findUserByEmail(tx, normalize(email));
      if (!user) throw invalidCode();
      const prepared = await repo.consumeCode(tx, {
        kind: 'internal_verification',
        userId: user.id,
        codeHash,
      });
      if (prepared) {
        // Registered for an address the account no longer has: it proves nothing now.
        if (prepared.payload.toLowerCase() !== user.email.toLowerCase()) throw invalidCode();
      } else {
        const expiresAt = verifyInternalCode(this.secret, user.email, code);
        if (!expiresAt) throw invalidCode();
        const spent = await repo.insertCodeIfNew(
          tx,
          {
            id: newId(),
            kind: 'internal_verification',
            userId: user.id,
            codeHash,
            payload: user.email,
            expiresAt,
          },
          true,
        );
        if (!spent) throw invalidCode();
      }
      await repo.markEmailVerified(tx, user.id);
    });
    return { status: 'ok', message: MESSAGES.emailVerified };
  }
}
