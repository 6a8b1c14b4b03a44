/**
 * A call ticket (decision 226): what a Media Stream or SIP call needs to open its conversation (agent,
 * conversation id, the client data with dynamic variables, the call's metadata), signed with a key derived
 * from AUTH_SECRET and valid for an hour, so the public media socket trusts only what this server issued.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type CallTicketData = {
  agentId: string;
  conversationId: string;
  /** conversation_initiation_client_data (dynamic_variables, user_id, overrides). */
  clientData: Record<string, unknown>;
  /** The record's `phone_call` metadata: direction, numbers, provider ids. */
  phoneCall: Record<string, unknown>;
};

const LIFETIME_SECONDS = 60 * 60;

export class CallTickets {
  private readonly key: Buffer;
  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('convai-call-ticket').digest();
  }

  issue(data: CallTicketData, now = Date.now()): string {
    const body = Buffer.from(
      JSON.stringify({ ...data, exp: Math.floor(now / 1000) + LIFETIME_SECONDS }),
    ).toString('base64url');
    return `${body}.${createHmac('sha256', this.key).update(body).digest('base64url')}`;
  }

  open(ticket: string, now = Date.now()): CallTicketData | null {
    const [body, mac] = ticket.split('.');
    if (!body || !mac) return null;
    const expected = createHmac('sha256', this.key).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const data = JSON.parse(Buffer.from(body, 'base64url').toString()) as CallTicketData & { exp: number };
    if (data.exp < Math.floor(now / 1000)) return null;
    const { exp: _exp, ...rest } = data;
    return rest;
  }
}
