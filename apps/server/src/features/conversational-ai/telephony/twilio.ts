/**
 * Twilio (decision 226): the REST call that places an outbound call (POST
 * /2010-04-01/Accounts/{sid}/Calls.json with TwiML that connects a Media Stream to this server), the TwiML,
 * and the X-Twilio-Signature check for the webhooks Twilio calls. The API's base URL is TWILIO_API_URL, so
 * tests point it at a loopback stand-in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../errors';

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** TwiML that connects the call to the Media Streams socket, carrying the call ticket as a parameter. */
export function connectTwiml(streamUrl: string, ticket: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Response><Connect>' +
    `<Stream url="${xml(streamUrl)}"><Parameter name="ticket" value="${xml(ticket)}"/></Stream>` +
    '</Connect></Response>'
  );
}

/** TwiML that dials another number (or SIP URI): the caller leaves the agent (transfer_to_number). */
export function dialTwiml(destination: string, kind: 'phone' | 'sip_uri'): string {
  const target =
    kind === 'sip_uri' ? `<Sip>${xml(destination)}</Sip>` : `<Number>${xml(destination)}</Number>`;
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Dial>${target}</Dial></Response>`;
}

export function rejectTwiml(message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${xml(message)}</Say><Hangup/></Response>`;
}

/** Twilio's request signature: HMAC-SHA1 of the URL followed by each POST parameter's name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  given: string | undefined,
): boolean {
  if (!given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export class TwilioRest {
  constructor(private readonly baseUrl: string) {}

  /** Places a call; resolves with its SID. Twilio's refusals become 502 twilio_error with its message. */
  async createCall(o: {
    accountSid: string;
    authToken: string;
    to: string;
    from: string;
    twiml: string;
    timeoutSecs: number;
    statusCallback?: string;
  }): Promise<{ sid: string }> {
    return this.post(o, 'Calls.json', 'Twilio refused the call', {
      To: o.to,
      From: o.from,
      Twiml: o.twiml,
      Timeout: String(o.timeoutSecs),
      ...(o.statusCallback && {
        StatusCallback: o.statusCallback,
        StatusCallbackMethod: 'POST',
        StatusCallbackEvent: 'initiated ringing answered completed',
      }),
    });
  }

  /** Gives a live call new TwiML (POST …/Calls/{CallSid}.json), e.g. <Dial> for a transfer. */
  async updateCall(o: { accountSid: string; authToken: string; callSid: string; twiml: string }) {
    return this.post(o, `Calls/${encodeURIComponent(o.callSid)}.json`, 'Twilio refused the transfer', {
      Twiml: o.twiml,
    });
  }

  private async post(
    o: { accountSid: string; authToken: string },
    resource: string,
    refused: string,
    form: Record<string, string>,
  ): Promise<{ sid: string }> {
    const url = `${this.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(o.accountSid)}/${resource}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${o.accountSid}:${o.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new AppError(502, 'twilio_unreachable', 'Twilio could not be reached.');
    }
    const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
    if (!res.ok || !body.sid)
      throw new AppError(502, 'twilio_error', `${refused}: ${body.message ?? `HTTP ${res.status}`}`);
    return { sid: body.sid };
  }
}
