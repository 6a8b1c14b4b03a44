import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { INTERNAL_CODE_TTL_MS } from '@vocalis/domain/account-verification';

/**
 * Internal verification codes minted for a verification mail (decision 022). The mail is built where no
 * database is at hand (better-auth's mail callback), so the code carries its own proof: a random nonce,
 * an expiry and an HMAC over both and the address it was mailed to, keyed from the auth secret. It is
 * spent by recording its hash in `account_codes` when it is attached (the hash is unique: single use).
 */
const FORMAT = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, email: string, nonce: string, exp: string): Buffer {
  const key = createHmac('sha256', secret).update('vocalis/internal-verification-code').digest();
  return createHmac('sha256', key).update(`${email.toLowerCase()}\n${nonce}\n${exp}`).digest();
}

/** A new code for a mail to `email`, valid for `INTERNAL_CODE_TTL_MS` from `now`. */
export function signInternalCode(secret: string, email: string, now = new Date()): string {
  const nonce = randomBytes(16).toString('base64url');
  const exp = Math.floor((now.getTime() + INTERNAL_CODE_TTL_MS) / 1000).toString(36);
  return `${nonce}.${exp}.${mac(secret, email, nonce, exp).toString('base64url')}`;
}

/** The code's expiry when it was minted by us for `email` and has not expired at `now`; else null. */
export function verifyInternalCode(
  secret: string,
  email: string,
  code: string,
  now = new Date(),
): Date | null {
  const match = FORMAT.exec(code);
  if (!match) return null;
  const [, nonce, exp, given] = match as unknown as [string, string, string, string];
  const expected = mac(secret, email, nonce, exp);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const expiresAt = new Date(parseInt(exp, 36) * 1000);
  return expiresAt.getTime() > now.getTime() ? expiresAt : null;
}
