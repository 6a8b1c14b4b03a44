import { createHmac, randomBytes } from 'node:crypto';

/** The header ElevenLabs signs webhook deliveries in (`t=<unix seconds>,v0=<hex HMAC-SHA256>`). */
export const SIGNATURE_HEADER = 'ElevenLabs-Signature';

/** A new HMAC secret for a webhook (`wsec_` and 64 hex characters), shown to its creator once. */
export function newWebhookSecret(): string {
  return `wsec_${randomBytes(32).toString('hex')}`;
}

/**
 * The signature header value for `body` sent at `timestampSec`: HMAC-SHA256 of `<timestamp>.<body>` with
 * the secret, the scheme the SDK's `webhooks.constructEvent` checks.
 */
export function signatureHeader(secret: string, body: string, timestampSec: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSec}.${body}`).digest('hex');
  return `t=${timestampSec},v0=${digest}`;
}
