/**
 * Sends one delivery: POST of the stored body with the webhook's headers, signed (HMAC) or with a bearer
 * token from the receiver's OAuth2 token URL (client credentials), through the guard against private
 * addresses (decision 044), with a timeout. Never throws: the outcome says what happened.
 */
import { DELIVERY_TIMEOUT_SECONDS } from '@vocalis/domain/webhook-delivery';
import { isPrivateAddressRefusal, publicFetch } from '../../lib/public-fetch';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature';
import type { WebhookRow } from './webhooks.repo';

export type SendOutcome = {
  status: number | null;
  body: string | null;
  error: string | null;
  /** A failure no retry can mend (the URL leads to a private address). */
  permanent?: boolean;
};

const RESPONSE_KEPT = 2000;

type Token = { value: string; expiresAt: number };
// Tokens by webhook id and client settings, reused until shortly before they expire.
const tokens = new Map<string, Token>();

async function readSome(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return text.length > RESPONSE_KEPT ? `${text.slice(0, RESPONSE_KEPT)}…` : text;
}

async function oauthToken(webhook: WebhookRow, allowPrivate: boolean, signal: AbortSignal): Promise<string> {
  const o = webhook.oauth2!;
  const key = `${webhook.id}\n${o.clientId}\n${o.tokenUrl}\n${o.scope ?? ''}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.value;
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (o.scope) form.set('scope', o.scope);
  const basic = Buffer.from(
    `${encodeURIComponent(o.clientId)}:${encodeURIComponent(o.clientSecret)}`,
  ).toString('base64');
  const res = await publicFetch(new URL(o.tokenUrl), {
    signal,
    allowPrivate,
    send: {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${basic}`,
      },
      body: form.toString(),
    },
  });
  const text = await readSome(res);
  if (!res.ok) throw new Error(`The token URL answered ${res.status}.`);
  let answer: { access_token?: unknown; expires_in?: unknown };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw new Error('The token URL did not answer JSON.');
  }
  if (typeof answer.access_token !== 'string' || !answer.access_token) {
    throw new Error('The token URL answered without an access_token.');
  }
  const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in : 300;
  tokens.set(key, { value: answer.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 30) * 1000 });
  return answer.access_token;
}

export async function sendDelivery(
  webhook: WebhookRow,
  body: string,
  opts: { allowPrivate: boolean },
): Promise<SendOutcome> {
  const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_SECONDS * 1000);
  try {
    const headers: Record<string, string> = {
      ...webhook.requestHeaders,
      'content-type': 'application/json',
      'user-agent': 'Vocalis-Webhooks/1',
    };
    if (webhook.authType === 'hmac' && webhook.secret) {
      headers[SIGNATURE_HEADER] = signatureHeader(webhook.secret, body, Math.floor(Date.now() / 1000));
    } else if (webhook.authType === 'oauth2' && webhook.oauth2) {
      headers.authorization = `Bearer ${await oauthToken(webhook, opts.allowPrivate, signal)}`;
    }
    const res = await publicFetch(new URL(webhook.url), {
      signal,
      allowPrivate: opts.allowPrivate,
      send: { method: 'POST', headers, body },
    });
    return { status: res.status, body: await readSome(res), error: null };
  } catch (err) {
    return { status: null, body: null, error: describe(err), permanent: isPrivateAddressRefusal(err) };
  }
}

function describe(err: unknown): string {
  if (isPrivateAddressRefusal(err))
    return 'The webhook URL leads to a private address, which is not allowed.';
  const e = err as { name?: string; message?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    return `The receiver did not answer within ${DELIVERY_TIMEOUT_SECONDS} seconds.`;
  }
  if (e?.cause?.code) return `The receiver could not be reached (${e.cause.code}).`;
  return e?.message ? String(e.message).slice(0, 300) : 'The delivery failed.';
}
