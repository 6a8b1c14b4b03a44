/**
 * Inbound Twilio calls (decision 226): the voice webhook of a Twilio number points at
 * /v1/convai/twilio/inbound-call. The request must carry a valid X-Twilio-Signature for the number's auth
 * token; the answer is TwiML connecting a Media Stream with a ticket for the number's assigned agent.
 */
import type { AppDb } from '../../../db/client';
import { forbidden } from '../../../errors';
import { newId } from '../../../lib/ids';
import type { SecretBox } from '../../../lib/secret-box';
import * as repo from '../phone-numbers.repo';
import type { CallTickets } from './call-ticket';
import { connectTwiml, rejectTwiml, validTwilioSignature } from './twilio';

export const NO_AGENT_MESSAGE = 'This number has no agent to answer calls.';

export class InboundCalls {
  constructor(
    private readonly db: AppDb,
    private readonly box: SecretBox,
    private readonly tickets: CallTickets,
    private readonly streamUrl: string,
  ) {}

  /** TwiML for Twilio's voice webhook; 403 when no number of that account signed the request. */
  async twiml(url: string, params: Record<string, string>, signature: string | undefined): Promise<string> {
    const candidates = await repo.twilioNumbersByNumber(this.db, params.To ?? '');
    const number = candidates.find(
      (n) =>
        n.twilioAccountSid === params.AccountSid &&
        n.sealedTwilioToken &&
        validTwilioSignature(this.box.open(n.sealedTwilioToken), url, params, signature),
    );
    if (!number)
      throw forbidden('The request is not signed by Twilio for a number here.', 'invalid_twilio_signature');
    if (!number.agentId || !number.supportsInbound) return rejectTwiml(NO_AGENT_MESSAGE);
    const ticket = this.tickets.issue({
      agentId: number.agentId,
      conversationId: `conv_${newId(24)}`,
      clientData: {
        dynamic_variables: {
          system__caller_id: params.From ?? '',
          system__called_number: number.phoneNumber,
          system__call_sid: params.CallSid ?? '',
        },
      },
      phoneCall: {
        direction: 'inbound',
        type: 'twilio',
        phone_number_id: number.id,
        agent_number: number.phoneNumber,
        external_number: params.From ?? '',
        call_sid: params.CallSid ?? '',
      },
    });
    return connectTwiml(this.streamUrl, ticket);
  }
}
