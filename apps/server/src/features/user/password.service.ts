import { passwordRequirementsError } from '@vocalis/domain/password-rules';
import type { OkResponse } from '@vocalis/contracts/user';
import type { Auth } from '../../auth/auth';
import type { AppDb } from '../../db/client';
import { badRequest } from '../../errors';
import { hasPassword } from '../two-factor/two-factor.repo';

export const SET_PASSWORD_MESSAGES = {
  done: 'Your password is set. You can now also sign in with your email and password.',
  alreadySet: 'Your account already has a password. Change it instead.',
} as const;

/**
 * A first password for an account made by social sign-in. Changing an existing one is better-auth's
 * POST /api/auth/change-password (current password, rules checked in auth-hooks.ts).
 */
export class PasswordService {
  constructor(
    private readonly auth: Auth,
    private readonly db: AppDb,
  ) {}

  /**
   * POST /v1/user/set-password. The rules and "no password yet" are checked before `confirmIdentity` (the
   * sensitive-action check, which may mail a code), so a weak password never costs the user a mail.
   */
  async setPassword(input: {
    userId: string;
    headers: Headers;
    newPassword: string;
    confirmIdentity: () => Promise<void>;
  }): Promise<OkResponse> {
    const weak = passwordRequirementsError(input.newPassword);
    if (weak) throw badRequest(weak, 'password_too_weak');
    if (await hasPassword(this.db, input.userId))
      throw badRequest(SET_PASSWORD_MESSAGES.alreadySet, 'password_already_set');
    await input.confirmIdentity();
    // better-auth's server-only call: links a `credential` account with the hashed password to the session's user.
    await this.auth.api.setPassword({ body: { newPassword: input.newPassword }, headers: input.headers });
    return { status: 'ok', message: SET_PASSWORD_MESSAGES.done };
  }
}
