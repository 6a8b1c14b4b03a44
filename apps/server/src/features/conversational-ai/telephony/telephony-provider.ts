/**
 * Placing an outbound call through a number's provider (decisions 226-227). Twilio: the REST API places the
 * call and Twilio connects its Media Stream here when it is answered (the conversation starts then). SIP
 * trunk: this server is the user agent: INVITE, answer, RTP bridged to the conversation at once.
 */
import { newId } from '../../../lib/ids';
import type { ConversationSigner } from '../conversation-access';
import type { ConversationStarter } from '../conversation-starter';
import type { PhoneNumberWithAgent } from '../phone-numbers.repo';
import { CallBridge } from './call-bridge';
import { CallStatuses } from './call-status';
import type { CallTickets } from './call-ticket';
import type { RtpStream } from './rtp-stream';
import { SipCall } from './sip-call';
import { referTarget } from './sip-message';
import { connectTwiml, type TwilioRest } from './twilio';

export type DialRequest = {
  number: PhoneNumberWithAgent;
  secrets: { twilioToken: string | null; outboundPassword: string | null };
  agentId: string;
  to: string;
  clientData: Record<string, unknown>;
  ringingTimeoutSecs: number;
  /** More for the record's phone_call metadata (the batch and recipient). */
  extra?: Record<string, unknown>;
};
export type DialResult = { conversationId: string; providerCallId: string };

export interface TelephonyProvider {
  dial(request: DialRequest): Promise<DialResult>;
}

export const DEFAULT_RINGING_TIMEOUT_SECS = 60;

/** Calls in progress on this node (SIP), by conversation id: hang-up and media counters. */
/** A SIP call in progress, outbound or inbound. */
export type LiveSipCall = { readonly callId: string; readonly rtp: RtpStream; hangup(): Promise<void> };

export class ActiveCalls {
  readonly calls = new Map<string, LiveSipCall>();
  async hangup(conversationId: string): Promise<boolean> {
    const call = this.calls.get(conversationId);
    if (!call) return false;
    await call.hangup();
    return true;
  }
}

const phoneCall = (r: DialRequest, provider: string, extra: Record<string, unknown> = {}) => ({
  direction: 'outbound',
  type: provider,
  phone_number_id: r.number.id,
  agent_number: r.number.phoneNumber,
  external_number: r.to,
  ...r.extra,
  ...extra,
});

export class TwilioProvider implements TelephonyProvider {
  constructor(
    private readonly rest: TwilioRest,
    private readonly tickets: CallTickets,
    private readonly streamUrl: string,
    /** This server's public URL, for the call's StatusCallback (decision 257). */
    private readonly publicUrl: string,
  ) {}

  async dial(r: DialRequest): Promise<DialResult> {
    const conversationId = `conv_${newId(24)}`;
    const ticket = this.tickets.issue({
      agentId: r.agentId,
      conversationId,
      clientData: r.clientData,
      phoneCall: phoneCall(r, 'twilio'),
    });
    const { sid } = await this.rest.createCall({
      accountSid: r.number.twilioAccountSid!,
      authToken: r.secrets.twilioToken!,
      to: r.to,
      from: r.number.phoneNumber,
      twiml: connectTwiml(this.streamUrl, ticket),
      timeoutSecs: r.ringingTimeoutSecs,
      statusCallback: CallStatuses.url(this.publicUrl, r.number.id, conversationId),
    });
    return { conversationId, providerCallId: sid };
  }
}

export class SipTrunkProvider implements TelephonyProvider {
  constructor(
    private readonly starter: ConversationStarter,
    private readonly signer: ConversationSigner,
    private readonly active: ActiveCalls,
  ) {}

  async dial(r: DialRequest): Promise<DialResult> {
    const trunk = r.number.outboundTrunk!;
    const username = (trunk.credentials as { username?: string } | undefined)?.username;
    const call = new SipCall();
    await call.dial({
      address: String(trunk.address),
      to: r.to,
      from: r.number.phoneNumber,
      credentials:
        username && r.secrets.outboundPassword ? { username, password: r.secrets.outboundPassword } : null,
      headers: trunk.headers as Record<string, string> | undefined,
      ringingTimeoutSecs: r.ringingTimeoutSecs,
    });
    const conversationId = `conv_${newId(24)}`;
    const bridge = new CallBridge({
      play: (mulaw) => call.rtp.play(mulaw),
      clear: () => call.rtp.clear(),
      hangup: () => void call.hangup().finally(() => this.active.calls.delete(conversationId)),
      transfer: async (rule) => {
        await call.rtp.idle();
        await call.refer(referTarget(rule, call.trunkHost));
      },
    });
    call.rtp.onAudio = (mulaw) => bridge.hear(mulaw);
    call.onHangup = (reason) => {
      this.active.calls.delete(conversationId);
      void bridge.end(reason);
    };
    try {
      await bridge.open(this.starter, this.signer, {
        agentId: r.agentId,
        conversationId,
        clientData: r.clientData,
        phoneCall: phoneCall(r, 'sip_trunking', { call_sid: call.callId, call_id: call.callId }),
      });
    } catch (err) {
      await call.hangup();
      throw err;
    }
    this.active.calls.set(conversationId, call);
    return { conversationId, providerCallId: call.callId };
  }
}
