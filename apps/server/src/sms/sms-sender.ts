import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { newId } from '../lib/ids';
import { insertSms } from './sms.repo';

export type OutgoingSms = { to: string; body: string };

/** Sends a text message; throws when the provider refuses it. Every message is recorded in sms_messages. */
export interface SmsSender {
  send(message: OutgoingSms): Promise<void>;
}

export class SmsSendError extends Error {}

/** The default transport: the message is only stored (readable at /dev/sms and by tests), like the mail outbox. */
export class OutboxSmsSender implements SmsSender {
  constructor(private readonly db: AppDb) {}

  async send({ to, body }: OutgoingSms): Promise<void> {
    await insertSms(this.db, { id: newId(), to, body, transport: 'outbox', status: 'stored' });
  }
}

type TwilioConfig = { accountSid: string; authToken: string; from: string; apiUrl: string };

/**
 * Twilio's Programmable Messaging REST API (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form body
 * To/From/Body, HTTP Basic with the account SID and auth token). The result is recorded either way.
 */
export class TwilioSmsSender implements SmsSender {
  constructor(
    private readonly db: AppDb,
    private readonly config: TwilioConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send({ to, body }: OutgoingSms): Promise<void> {
    const { accountSid, authToken, from, apiUrl } = this.config;
    const url = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let providerMessageId: string | null = null;
    let error: string | null = null;
    try {
      const res = await this.fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: to, From: from, Body: body }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const payload = (await res.json().catch(() => ({}))) as {
        sid?: string;
        message?: string;
        code?: number;
      };
      if (res.ok && payload.sid) providerMessageId = payload.sid;
      else
        error = `Twilio ${res.status}${payload.code ? ` (${payload.code})` : ''}: ${payload.message ?? res.statusText}`;
    } catch (e) {
      error = `Twilio request failed: ${(e as Error).message}`;
    }
    await insertSms(this.db, {
      id: newId(),
      to,
      body,
      transport: 'twilio',
      status: error ? 'failed' : 'sent',
      providerMessageId,
      error,
    });
    if (error) throw new SmsSendError(error);
  }
}

/** The sender SMS_TRANSPORT selects. */
export function createSmsSender(db: AppDb, config: Config): SmsSender {
  return config.sms.transport === 'twilio' ? new TwilioSmsSender(db, config.sms) : new OutboxSmsSender(db);
}
