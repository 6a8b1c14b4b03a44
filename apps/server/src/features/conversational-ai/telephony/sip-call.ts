/**
 * An outbound SIP call over UDP (decision 227): INVITE with a PCMU offer (retransmitted with RFC 3261's
 * timer A until a provisional answer), digest authentication when the trunk challenges, ACK for the final
 * answer, BYE from either side. The RTP stream starts once the answer says where to send it.
 */
import dgram from 'node:dgram';
import { AppError } from '../../../errors';
import { RtpStream } from './rtp-stream';
import {
  buildSip,
  contactUri,
  digestAuthorization,
  header,
  parseSip,
  sdpAnswer,
  sdpOffer,
  token,
  type SipMessage,
} from './sip-message';

export type SipDial = {
  /** host, host:port or sip:host[:port] of the trunk. */
  address: string;
  to: string;
  from: string;
  credentials?: { username: string; password: string } | null;
  headers?: Record<string, string>;
  ringingTimeoutSecs: number;
};

const T1 = 500;

export function trunkTarget(address: string): { host: string; port: number } {
  const bare = address.replace(/^sips?:/, '');
  const [host, port] = bare.split(':');
  return { host: host!, port: port ? Number(port) : 5060 };
}

export class SipCall {
  readonly callId = `${token(12)}@vocalis`;
  readonly rtp = new RtpStream();
  private readonly socket = dgram.createSocket('udp4');
  private readonly localTag = token(6);
  private remoteTarget = '';
  private routeTo!: { host: string; port: number };
  private local!: { ip: string; port: number };
  private cseq = 1;
  private closed = false;
  private pending: ((m: SipMessage) => void) | null = null;
  private lastAck: string | null = null;
  private dialog: { from: string; to: string } | null = null;
  private notified: (() => void) | null = null;
  onHangup: (reason: string) => void = () => undefined;

  /** Dials; resolves once the far end answered (200 OK, ACK sent, RTP flowing). */
  async dial(d: SipDial): Promise<void> {
    this.routeTo = trunkTarget(d.address);
    await new Promise<void>((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.bind(0, () => {
        this.socket.connect(this.routeTo.port, this.routeTo.host, () => resolve());
      });
    });
    const ip = this.socket.address().address;
    this.local = { ip, port: this.socket.address().port };
    this.socket.on('message', (buf) => this.receive(buf.toString('utf8')));
    const rtpPort = await this.rtp.bind(ip);
    const uri = `sip:${d.to}@${this.routeTo.host}:${this.routeTo.port}`;
    const offer = sdpOffer(ip, rtpPort, String(Date.now()));
    let auth: [string, string] | null = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      const branch = `z9hG4bK${token()}`;
      const invite = buildSip(
        `INVITE ${uri} SIP/2.0`,
        [
          ['Via', `SIP/2.0/UDP ${ip}:${this.local.port};branch=${branch};rport`],
          ['Max-Forwards', '70'],
          ['From', `<sip:${d.from}@${ip}>;tag=${this.localTag}`],
          ['To', `<sip:${d.to}@${this.routeTo.host}>`],
          ['Call-ID', this.callId],
          ['CSeq', `${this.cseq} INVITE`],
          ['Contact', `<sip:${d.from}@${ip}:${this.local.port}>`],
          ['Allow', 'INVITE, ACK, BYE, CANCEL, OPTIONS'],
          ['User-Agent', 'Vocalis'],
          ...Object.entries(d.headers ?? {}),
          ...(auth ? [auth] : []),
          ['Content-Type', 'application/sdp'],
        ],
        offer,
      );
      const final = await this.transact(invite, d.ringingTimeoutSecs * 1000, true);
      if (final.status! >= 300) this.ackNonTwoXx(final, uri, branch);
      const challenge = header(final, 'www-authenticate') ?? header(final, 'proxy-authenticate');
      if ((final.status === 401 || final.status === 407) && challenge && d.credentials && !auth) {
        auth = [
          final.status === 401 ? 'Authorization' : 'Proxy-Authorization',
          digestAuthorization(challenge, { method: 'INVITE', uri, ...d.credentials }),
        ];
        this.cseq++;
        continue;
      }
      if (final.status! >= 300) {
        this.close();
        throw new AppError(
          502,
          'call_not_answered',
          `The SIP trunk answered ${final.status} ${final.reason ?? ''}`.trim() + '.',
        );
      }
      this.remoteTarget = contactUri(header(final, 'contact')) ?? uri;
      this.dialog = { from: header(final, 'from')!, to: header(final, 'to')! };
      this.sendAck(final);
      const media = sdpAnswer(final.body);
      if (!media?.pcmu) {
        await this.hangup();
        throw new AppError(502, 'codec_not_supported', 'The SIP trunk did not accept G.711 µ-law (PCMU).');
      }
      this.rtp.start({ ip: media.ip, port: media.port });
      return;
    }
  }

  /** Sends a request, retransmitting until an answer; resolves with the final response. */
  private transact(text: string, timeoutMs: number, invite = false): Promise<SipMessage> {
    return new Promise((resolve, reject) => {
      let interval = T1;
      let provisional = false;
      const send = () => this.socket.send(text);
      let retransmit = setTimeout(function again(this: void) {
        if (provisional) return;
        send();
        interval = Math.min(interval * 2, 4000);
        retransmit = setTimeout(again, interval);
      }, interval);
      const giveUp = setTimeout(() => {
        this.pending = null;
        clearTimeout(retransmit);
        this.close();
        reject(
          new AppError(
            504,
            'call_not_answered',
            invite ? 'Nobody answered the call in time.' : 'The SIP peer did not answer.',
          ),
        );
      }, timeoutMs);
      this.pending = (m) => {
        if (m.status! < 200) {
          provisional = true;
          return;
        }
        this.pending = null;
        clearTimeout(retransmit);
        clearTimeout(giveUp);
        resolve(m);
      };
      send();
    });
  }

  private sendAck(final: SipMessage): void {
    this.lastAck = buildSip(`ACK ${this.remoteTarget} SIP/2.0`, [
      ['Via', `SIP/2.0/UDP ${this.local.ip}:${this.local.port};branch=z9hG4bK${token()};rport`],
      ['Max-Forwards', '70'],
      ['From', header(final, 'from')!],
      ['To', header(final, 'to')!],
      ['Call-ID', this.callId],
      ['CSeq', `${this.cseq} ACK`],
    ]);
    this.socket.send(this.lastAck);
  }

  private ackNonTwoXx(final: SipMessage, uri: string, branch: string): void {
    this.socket.send(
      buildSip(`ACK ${uri} SIP/2.0`, [
        ['Via', `SIP/2.0/UDP ${this.local.ip}:${this.local.port};branch=${branch};rport`],
        ['Max-Forwards', '70'],
        ['From', header(final, 'from')!],
        ['To', header(final, 'to')!],
        ['Call-ID', this.callId],
        ['CSeq', `${this.cseq} ACK`],
      ]),
    );
  }

  private receive(text: string): void {
    const m = parseSip(text);
    if (!m || header(m, 'call-id') !== this.callId) return;
    if (m.status !== undefined) {
      // A retransmitted 200 OK means our ACK was lost.
      if (
        m.status >= 200 &&
        m.status < 300 &&
        !this.pending &&
        this.lastAck &&
        /INVITE/.test(header(m, 'cseq') ?? '')
      )
        this.socket.send(this.lastAck);
      this.pending?.(m);
      return;
    }
    if (m.method === 'ACK') return;
    if (m.method === 'NOTIFY') this.notified?.();
    this.respond(m, 200, 'OK');
    if (m.method === 'BYE') {
      this.close();
      this.onHangup('The caller hung up.');
    }
  }

  private respond(request: SipMessage, status: number, reason: string): void {
    this.socket.send(
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
   * Blind transfer (transfer_to_number, decision 256): REFER in the dialog; the trunk must accept it (2xx).
   * Resolves at its first NOTIFY or after 4 s without one; the caller then hangs up.
   */
  async refer(target: string): Promise<void> {
    this.cseq++;
    const refer = buildSip(`REFER ${this.remoteTarget} SIP/2.0`, [
      ['Via', `SIP/2.0/UDP ${this.local.ip}:${this.local.port};branch=z9hG4bK${token()};rport`],
      ['Max-Forwards', '70'],
      ['From', this.dialog!.from],
      ['To', this.dialog!.to],
      ['Call-ID', this.callId],
      ['CSeq', `${this.cseq} REFER`],
      ['Refer-To', `<${target}>`],
      ['Referred-By', `<sip:vocalis@${this.local.ip}:${this.local.port}>`],
      ['Contact', `<sip:vocalis@${this.local.ip}:${this.local.port}>`],
    ]);
    const notified = new Promise<void>((resolve) => (this.notified = resolve));
    const answer = await this.transact(refer, 64 * T1);
    if (answer.status! >= 300) throw new Error(`The SIP trunk refused the transfer (${answer.status}).`);
    await Promise.race([notified, new Promise((resolve) => setTimeout(resolve, 4000))]);
  }

  /** The trunk's host and port, where a number is reached. */
  get trunkHost(): string {
    return `${this.routeTo.host}:${this.routeTo.port}`;
  }

  /** Sends BYE and waits for its answer (or gives up after RFC 3261's 64×T1). */
  async hangup(reason = 'The call was hung up.'): Promise<void> {
    if (this.closed) return;
    this.rtp.close();
    this.cseq++;
    const bye = buildSip(`BYE ${this.remoteTarget} SIP/2.0`, [
      ['Via', `SIP/2.0/UDP ${this.local.ip}:${this.local.port};branch=z9hG4bK${token()};rport`],
      ['Max-Forwards', '70'],
      ['From', this.dialog?.from ?? `<sip:vocalis@${this.local.ip}>;tag=${this.localTag}`],
      ['To', this.dialog?.to ?? `<${this.remoteTarget}>`],
      ['Call-ID', this.callId],
      ['CSeq', `${this.cseq} BYE`],
    ]);
    await this.transact(bye, 64 * T1).catch(() => undefined);
    this.close();
    this.onHangup(reason);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.rtp.close();
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }
}
