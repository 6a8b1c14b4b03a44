/**
 * One inbound SIP call (decision 255), the UAS side of the dialog: the 200 OK with our PCMU answer is
 * retransmitted (RFC 3261 timer G) until the caller's ACK, in-dialog requests are answered 200, the caller's
 * BYE ends the call, and our hang-up sends BYE to the caller's Contact. The RTP stream is the same as for
 * outbound calls (decision 227).
 */
import { RtpStream } from './rtp-stream';
import { buildSip, contactUri, header, sdpOffer, token, type SipMessage } from './sip-message';

const T1 = 500;
const T2 = 4000;

export type SipSend = (text: string) => void;

export class SipInboundCall {
  readonly rtp = new RtpStream();
  readonly localTag = token(6);
  readonly callId: string;
  private readonly invite: SipMessage;
  private finalResponse: string | null = null;
  private okTimer: NodeJS.Timeout | null = null;
  private giveUp: NodeJS.Timeout | null = null;
  private cseq = 1;
  /** Our requests awaiting their final answer, by CSeq number. */
  private readonly waiters = new Map<number, (m: SipMessage) => void>();
  private notified: (() => void) | null = null;
  private closed = false;
  private hangingUp = false;
  onHangup: (reason: string) => void = () => undefined;

  constructor(
    invite: SipMessage,
    private readonly send: SipSend,
    /** The address we advertise (Contact, SDP), our SIP port, and the interface RTP binds to. */
    private readonly local: { ip: string; port: number; bindHost: string },
  ) {
    this.invite = invite;
    this.callId = header(invite, 'call-id')!;
  }

  /** A response to the INVITE (kept, so a retransmitted INVITE gets it again). */
  respond(status: number, reason: string, extra: [string, string][] = [], body = ''): void {
    const to = header(this.invite, 'to') ?? '';
    const text = buildSip(
      `SIP/2.0 ${status} ${reason}`,
      [
        ...(this.invite.headers.get('via') ?? []).map((v): [string, string] => ['Via', v]),
        ['From', header(this.invite, 'from') ?? ''],
        ['To', status > 100 && !/;\s*tag=/i.test(to) ? `${to};tag=${this.localTag}` : to],
        ['Call-ID', this.callId],
        ['CSeq', header(this.invite, 'cseq') ?? ''],
        ...extra,
      ],
      body,
    );
    if (status >= 200) this.finalResponse = text;
    this.send(text);
  }

  /** A retransmitted INVITE: the last final answer again. */
  resend(): void {
    if (this.finalResponse) this.send(this.finalResponse);
  }

  /** Answers 200 OK with our SDP and starts RTP towards the caller's media address. */
  async answer(remoteMedia: { ip: string; port: number }): Promise<void> {
    // CANCELled while the conversation was opening (487 already sent).
    if (this.closed) return;
    const rtpPort = await this.rtp.bind(this.local.bindHost);
    this.respond(
      200,
      'OK',
      [
        ['Contact', `<sip:vocalis@${this.local.ip}:${this.local.port}>`],
        ['Allow', 'INVITE, ACK, BYE, CANCEL, OPTIONS'],
        ['Content-Type', 'application/sdp'],
      ],
      sdpOffer(this.local.ip, rtpPort, String(Date.now())),
    );
    this.rtp.start(remoteMedia);
    let interval = T1;
    const again = () => {
      this.resend();
      interval = Math.min(interval * 2, T2);
      this.okTimer = setTimeout(again, interval);
    };
    this.okTimer = setTimeout(again, interval);
    // No ACK in 64×T1: the caller is gone.
    this.giveUp = setTimeout(() => void this.hangup('The caller never confirmed the answer.'), 64 * T1);
  }

  /** A request in this dialog (ACK, BYE, re-INVITE, OPTIONS, …) or a response to our BYE. */
  receive(m: SipMessage): void {
    if (m.status !== undefined) {
      if (m.status >= 200) this.waiters.get(parseInt(header(m, 'cseq') ?? '', 10))?.(m);
      return;
    }
    if (m.method === 'NOTIFY') this.notified?.();
    if (m.method === 'INVITE' && header(m, 'cseq') === header(this.invite, 'cseq')) return this.resend();
    if (m.method === 'ACK') return this.confirmed();
    this.respondTo(m, 200, 'OK');
    // CANCEL before our answer: 487 for the INVITE. After it, we end the call as for a BYE.
    if (m.method === 'CANCEL' && !this.finalResponse) this.respond(487, 'Request Terminated');
    if (m.method === 'BYE' || m.method === 'CANCEL') {
      this.close();
      this.onHangup('The caller hung up.');
    }
  }

  private confirmed(): void {
    if (this.okTimer) clearTimeout(this.okTimer);
    if (this.giveUp) clearTimeout(this.giveUp);
    this.okTimer = this.giveUp = null;
  }

  private respondTo(request: SipMessage, status: number, reason: string): void {
    this.send(
      buildSip(`SIP/2.0 ${status} ${reason}`, [
        ...(request.headers.get('via') ?? []).map((v): [string, string] => ['Via', v]),
        ['From', header(request, 'from') ?? ''],
        ['To', header(request, 'to') ?? ''],
        ['Call-ID', this.callId],
        ['CSeq', header(request, 'cseq') ?? ''],
      ]),
    );
  }

  /**
   * Blind transfer (transfer_to_number, decision 256): REFER to `target`; the peer must accept it (202).
   * Resolves at its first NOTIFY (the transfer's progress) or after T2 without one; the caller then hangs up.
   */
  async refer(target: string): Promise<void> {
    const notified = new Promise<void>((resolve) => (this.notified = resolve));
    const answer = await this.request('REFER', [
      ['Refer-To', `<${target}>`],
      ['Referred-By', `<sip:vocalis@${this.local.ip}:${this.local.port}>`],
      ['Contact', `<sip:vocalis@${this.local.ip}:${this.local.port}>`],
    ]);
    if (!answer || answer.status! >= 300)
      throw new Error(`The SIP peer refused the transfer (${answer ? answer.status : 'no answer'}).`);
    await Promise.race([notified, new Promise((resolve) => setTimeout(resolve, T2))]);
  }

  /** The trunk's host (the caller's Contact), where a number is reached. */
  get trunkHost(): string {
    const uri = contactUri(header(this.invite, 'contact')) ?? this.invite.uri ?? '';
    return /@([^;>]+)/.exec(uri)?.[1] ?? uri.replace(/^sips?:/, '');
  }

  /** An in-dialog request, retransmitted until its final answer (at most 64×T1: then null). */
  private request(method: string, extra: [string, string][] = []): Promise<SipMessage | null> {
    const target = contactUri(header(this.invite, 'contact')) ?? this.invite.uri!;
    const to = header(this.invite, 'to') ?? '';
    const cseq = this.cseq++;
    const text = buildSip(`${method} ${target} SIP/2.0`, [
      ['Via', `SIP/2.0/UDP ${this.local.ip}:${this.local.port};branch=z9hG4bK${token()};rport`],
      ['Max-Forwards', '70'],
      ['From', /;\s*tag=/i.test(to) ? to : `${to};tag=${this.localTag}`],
      ['To', header(this.invite, 'from') ?? ''],
      ['Call-ID', this.callId],
      ['CSeq', `${cseq} ${method}`],
      ...extra,
    ]);
    return new Promise((resolve) => {
      let interval = T1;
      let timer: NodeJS.Timeout;
      const done = setTimeout(() => finish(null), 64 * T1);
      const finish = (m: SipMessage | null) => {
        clearTimeout(timer);
        clearTimeout(done);
        this.waiters.delete(cseq);
        resolve(m);
      };
      this.waiters.set(cseq, finish);
      const again = () => {
        this.send(text);
        timer = setTimeout(again, interval);
        interval = Math.min(interval * 2, T2);
      };
      again();
    });
  }

  /** Our hang-up: BYE to the caller (retransmitted until answered, at most 64×T1). */
  async hangup(reason = 'The call was hung up.'): Promise<void> {
    if (this.closed || this.hangingUp) return;
    this.hangingUp = true;
    this.confirmed();
    this.rtp.close();
    await this.request('BYE');
    this.close();
    this.onHangup(reason);
  }

  get ended(): boolean {
    return this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.confirmed();
    this.rtp.close();
  }
}
