/**
 * The media bridge (decision 226): a phone line (Twilio Media Stream or RTP) on one side, the agent's
 * conversation session (the same turn loop as the browser's WebSocket) on the other. The caller's µ-law is
 * decoded, brought to 16 kHz and fed to the session in 100 ms pieces; the agent's audio events are brought
 * to 8 kHz µ-law and played; an interruption drops what the line has not played yet; the session's end
 * hangs up.
 */
import type { ConversationSession } from '../conversation-session';
import type { ConversationStarter } from '../conversation-starter';
import type { ConversationSigner } from '../conversation-access';
import type { NumberTransferRule } from '../number-transfer';
import type { CallTicketData } from './call-ticket';
import { fromLine, LINE_RATE, pcmSamples, toLine } from './telephone-audio';

/** The line's side of a call. */
export type LineMedia = {
  /** µ-law at 8 kHz for the caller to hear. */
  play(mulaw: Uint8Array): void;
  /** Barge-in: forget what is queued and not yet played. */
  clear(): void;
  /** The conversation ended: hang up the line. */
  hangup(reason: string): void;
  /** Hands the call to another number (transfer_to_number, decision 256); absent: the line cannot. */
  transfer?(rule: NumberTransferRule): Promise<void>;
};

const PIECE = LINE_RATE / 10;

export class CallBridge {
  private session: ConversationSession | null = null;
  private rate = 16000;
  private ulaw = false;
  private outbound: Promise<void> = Promise.resolve();
  private inbound: Promise<void> = Promise.resolve();
  private heard: Uint8Array[] = [];
  private heardBytes = 0;
  private ended = false;
  /** Why the line hung up, when it did. */
  private hungUp: string | null = null;

  constructor(private readonly media: LineMedia) {}

  /** Opens the agent's conversation under the plan's limits (throws its AppError when refused). */
  async open(starter: ConversationStarter, signer: ConversationSigner, call: CallTicketData): Promise<void> {
    const session = await starter.open({
      agentId: call.agentId,
      signature: signer.sign(call.agentId, call.conversationId),
      principal: null,
      metadata: { phone_call: call.phoneCall },
      send: (m) => this.onEvent(m as { type?: string } & Record<string, Record<string, unknown>>),
      close: (_code, reason) => {
        this.ended = true;
        this.media.hangup(reason);
      },
      transferCall: this.media.transfer
        ? async (rule) => {
            // What the agent said before the transfer is played first.
            await this.outbound;
            await this.media.transfer!(rule);
          }
        : undefined,
      firstMessage: () =>
        Promise.resolve({ type: 'conversation_initiation_client_data', ...call.clientData }),
    });
    this.session = session;
    // The line hung up while the conversation was opening: it ends at once.
    if (this.hungUp) await session.end(this.hungUp, false);
  }

  private onEvent(m: { type?: string } & Record<string, Record<string, unknown>>): void {
    if (m.type === 'conversation_initiation_metadata') {
      const format = String(m.conversation_initiation_metadata_event?.agent_output_audio_format ?? '');
      this.ulaw = format.startsWith('ulaw_');
      this.rate = Number(format.split('_')[1]) || 16000;
    } else if (m.type === 'audio') {
      const bytes = Buffer.from(String(m.audio_event?.audio_base_64 ?? ''), 'base64');
      const ulaw = this.ulaw;
      const rate = this.rate;
      this.outbound = this.outbound
        .then(async () => {
          const line = ulaw ? bytes : await toLine(pcmSamples(bytes), rate);
          if (!this.ended) this.media.play(line);
        })
        .catch(() => undefined);
    } else if (m.type === 'interruption') {
      this.outbound = this.outbound.then(() => this.media.clear());
    }
  }

  /** µ-law from the caller. */
  hear(mulaw: Uint8Array): void {
    if (this.ended || !this.session) return;
    this.heard.push(mulaw);
    this.heardBytes += mulaw.length;
    if (this.heardBytes < PIECE) return;
    const piece = Buffer.concat(this.heard);
    this.heard = [];
    this.heardBytes = 0;
    const session = this.session;
    this.inbound = this.inbound
      .then(async () => {
        const pcm = await fromLine(piece);
        session.handle({ user_audio_chunk: pcm.toString('base64') });
      })
      .catch(() => undefined);
  }

  /** The line hung up (BYE, the stream stopped): the conversation ends and is stored. */
  async end(reason: string): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.hungUp = reason;
    await this.inbound;
    await this.session?.end(reason, false);
  }
}
