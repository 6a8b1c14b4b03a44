import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Reads better-auth's session token from a request the way better-auth does, without a database call:
 * the signed session cookie (`<token>.<base64 HMAC-SHA256 under AUTH_SECRET>`), or an opaque bearer token
 * (the same signed value from `set-auth-token`, or the bare token, which better-auth's bearer plugin
 * accepts too). JWT bearer tokens and xi-api-keys are recognised before this and never reach it.
 */

export type SessionCookieNames = { sessionToken: string; dontRemember: string };

/** The token when `signed` is `<token>.<signature>` with a valid signature; null otherwise. */
export function verifySignedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  // better-call's signatures: standard base64 of 32 bytes, with its padding.
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** One cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decode(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * The session token a request presents, or null. An Authorization bearer that is not a JWT or an API key is
 * better-auth's: signed (one dot) or bare; otherwise the signed session cookie.
 */
export function presentedSessionToken(
  headers: { authorization?: string; cookie?: string },
  names: SessionCookieNames,
  secret: string,
): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  if (bearer) {
    const value = bearer.includes('%') ? decode(bearer) : bearer;
    if (!value.includes('.')) return value;
    const token = verifySignedToken(value, secret);
    if (token) return token;
  }
  const cookie = cookieValue(headers.cookie, names.sessionToken);
  return cookie ? verifySignedToken(cookie, secret) : null;
}

/** True when the sign-in asked not to be remembered (better-auth then never extends the session). */
export function isDontRemember(cookieHeader: string | undefined, names: SessionCookieNames, secret: string) {
  const value = cookieValue(cookieHeader, names.dontRemember);
  return Boolean(value && verifySignedToken(value, secret));
}
