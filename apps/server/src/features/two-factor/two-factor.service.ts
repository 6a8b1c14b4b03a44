import { isAPIError } from 'better-auth/api';
import type { Auth } from '../../auth/auth';
import { toErrorShape } from '../../auth/auth-proxy';
import type { CurrentSession } from '../account-codes/current-session';
import type { AppDb } from '../../db/client';
import { AppError } from '../../errors';
import { hasPassword, removeTwoFactor } from './two-factor.repo';

/** better-auth's APIError as ours, keeping its upper-case code (decision 007). */
function asAppError(error: unknown): unknown {
  if (!isAPIError(error)) return error;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  return new AppError(error.statusCode, body.code ?? 'TWO_FACTOR_ERROR', body.message ?? error.message);
}

/** The spec's backup-code calls on top of better-auth's twoFactor plugin (decision 009). */
export class TwoFactorService {
  constructor(
    private readonly auth: Auth,
    private readonly db: AppDb,
  ) {}

  /** The signed-in user's password, re-entered to confirm a sensitive change (400 INVALID_PASSWORD). */
  async checkPassword(headers: Headers, password: string): Promise<void> {
    try {
      await this.auth.api.verifyPassword({ headers, body: { password } });
    } catch (error) {
      throw asAppError(error);
    }
  }

  /** Whether sensitive changes are confirmed with a password (false for accounts made by social sign-in). */
  hasPassword(userId: string): Promise<boolean> {
    return hasPassword(this.db, userId);
  }

  /** The signed-in caller of an /api/auth call (cookie or bearer), or null. */
  async caller(headers: Headers): Promise<{ userId: string; session: CurrentSession } | null> {
    const found = await this.auth.api.getSession({ headers });
    return found
      ? {
          userId: found.user.id,
          session: { id: found.session.id, createdAt: new Date(found.session.createdAt) },
        }
      : null;
  }

  /** Hands an /api/auth call on to better-auth unchanged; errors in our shape. */
  async forward(url: string, headers: Headers, body: unknown): Promise<Response> {
    const request = new Request(new URL(url, this.auth.options.baseURL), {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
    });
    request.headers.set('content-type', 'application/json');
    return toErrorShape(await this.auth.handler(request));
  }

  /**
   * POST /v1/user/backup-code: new backup codes (the old ones stop working); needs the password, except
   * for an account without one (the route then asks for a fresh session).
   */
  async regenerateBackupCodes(headers: Headers, password: string | undefined): Promise<string[]> {
    try {
      const { backupCodes } = await this.auth.api.generateBackupCodes({
        headers,
        body: password === undefined ? {} : { password },
      });
      return backupCodes;
    } catch (error) {
      throw asAppError(error);
    }
  }

  /**
   * POST /v1/user/backup-code/{code}/remove-mfa: a backup code (used up) removes the authenticator app.
   * Works signed in, or as the second sign-in step (the two-factor cookie), which then also signs in:
   * the returned headers carry the session cookie.
   */
  async removeWithBackupCode(headers: Headers, code: string): Promise<{ setCookies: string[] }> {
    let result;
    try {
      result = await this.auth.api.verifyBackupCode({ headers, body: { code }, returnHeaders: true });
    } catch (error) {
      throw asAppError(error);
    }
    await removeTwoFactor(this.db, result.response.user.id);
    return { setCookies: result.headers.getSetCookie() };
  }
}
