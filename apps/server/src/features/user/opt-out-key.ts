import { createHmac, timingSafeEqual } from 'node:crypto';

// The opt-out key of product-update mails: the user id and an HMAC of it under the auth secret, so a
// link keeps working without a stored row and cannot be forged for another user.
const mac = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`opt-out-of-updates:${userId}`).digest('base64url');

/** The `opt_out_updates_key` to put in a product-update mail for `userId`. */
export function createOptOutKey(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(secret, userId)}`;
}

/** The user id an opt-out key was made for, or null when it is malformed or forged. */
export function readOptOutKey(secret: string, key: string): string | null {
  const [encoded, given] = key.split('.');
  if (!encoded || !given) return null;
  const userId = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(secret, userId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
}
