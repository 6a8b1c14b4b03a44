/**
 * Inbound SIP calls (decision 255): a UDP SIP listener (SIP_PORT; off when unset) that takes INVITEs from a
 * trunk. The number called (Request-URI or To user part) must be a SIP trunk number taking inbound calls
 * (404 otherwise); a trunk with inbound credentials must authenticate with digest (401 challenge, 403 on
 * wrong credentials). The call is answered with PCMU and bridged to the number's agent like an outbound call.
 */
import dgram from 'node:dgram';
import { createHmac } from 'node:crypto';
import type { AppDb } from '../../../db/client';
import { AppError } from '../../../errors';
import { newId } from '../../../lib/ids';
import type { SecretBox } from '../../../lib/secret-box';
import type { ConversationSigner } from '../conversation-access';
import type { ConversationStarter } from '../conversation-starter';
import * as repo from '../phone-numbers.repo';
import { CallBridge } from './call-bridge';
import { SipInboundCall } from './sip-inbound-call';
import {
  buildSip,
  digestValid,
  referTarget,
  header,
  parseSip,
  sdpAnswer,
  userOf,
  type SipMessage,
} from './sip-message';
import type { ActiveCalls } from './telephony-provider';

const REALM = 'vocalis';
const NONCE_TTL_MS = 5 * 60_000;

export type SipListenerOptions = { host: string; port: number; address: string };

export class SipListener {
  private readonly socket = dgram.createSocket('udp4');
  private readonly dialogs = new Map<string, SipInboundCall>();
  /** INVITE transactions by Call-ID and CSeq: retransmissions get the same answer, not a second call. */
  private readonly invites = new Map<string, SipInboundCall>();
  /** Requests being handled (an INVITE until its conversation opened and it was answered or refused). */
  private readonly inFlight = new Set<Promise<void>>();
  private local!: { ip: string; port: number; bindHost: string };

  constructor(
    private readonly o: SipListenerOptions,
    private readonly d: {
      db: AppDb;
      box: SecretBox;
      starter: ConversationStarter;
      signer: ConversationSigner;
      active: ActiveCalls;
      secret: string;
      log: { error(obj: object, msg: string): void };
    },
  ) {}

  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.bind(this.o.port, this.o.host, () => resolve());
    });
    const port = this.socket.address().port;
    this.local = { ip: this.o.address, port, bindHost: this.o.host };
    this.socket.on('message', (buf, rinfo) => {
      const m = parseSip(buf.toString('utf8'));
      if (!m) return;
      const send = (text: string) => this.socket.send(text, rinfo.port, rinfo.address);
      const handled = this.receive(m, send)
        .catch((err: unknown) => this.d.log.error({ err }, 'SIP request failed'))
        .finally(() => this.inFlight.delete(handled));
      this.inFlight.add(handled);
    });
    return port;
  }

  /** Resolves when every request received so far has been handled. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  async close(): Promise<void> {
    await Promise.all([...this.dialogs.values()].map((c) => c.hangup('The server is shutting down.')));
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }

  private async receive(m: SipMessage, send: (text: string) => void): Promise<void> {
    const callId = header(m, 'call-id') ?? '';
    const dialog = this.dialogs.get(callId);
    if (dialog) return dialog.receive(m);
    if (m.status !== undefined || m.method === 'ACK') return;
    const key = `${callId} ${parseInt(header(m, 'cseq') ?? '', 10)}`;
    // A CANCEL for an INVITE still being looked up.
    if (m.method === 'CANCEL' && this.invites.has(key)) return this.invites.get(key)!.receive(m);
    if (m.method !== 'INVITE') {
      const options = m.method === 'OPTIONS';
      return send(reply(m, options ? 200 : 481, options ? 'OK' : 'Call/Transaction Does Not Exist'));
    }
    const seen = this.invites.get(key);
    if (seen) return seen.resend();
    const call = new SipInboundCall(m, send, this.local);
    this.invites.set(key, call);
    setTimeout(() => this.invites.delete(key), 64 * 500).unref();
    call.respond(100, 'Trying');
    const called = userOf(m.uri) ?? userOf(header(m, 'to'));
    const numbers = called ? await repo.sipNumbersByNumber(this.d.db, called) : [];
    const number = numbers.find((n) => n.supportsInbound);
    if (call.ended) return;
    if (!number) return call.respond(404, 'Not Found');
    const username = (number.inboundTrunk?.credentials as { username?: string } | undefined)?.username;
    if (username && number.sealedInboundPassword) {
      const authorization = header(m, 'authorization') ?? header(m, 'proxy-authorization');
      // Challenged: the caller ACKs the 401 and sends the INVITE again (new CSeq) with its credentials.
      if (!authorization)
        return call.respond(401, 'Unauthorized', [
          ['WWW-Authenticate', `Digest realm="${REALM}", nonce="${this.nonce()}", algorithm=MD5, qop="auth"`],
        ]);
      const ok = digestValid(authorization, {
        method: 'INVITE',
        realm: REALM,
        username,
        password: this.d.box.open(number.sealedInboundPassword),
      });
      if (!ok || !this.freshNonce(ok.nonce)) return call.respond(403, 'Forbidden');
    }
    if (!number.agentId) return call.respond(480, 'Temporarily Unavailable');
    const media = sdpAnswer(m.body);
    if (!media?.pcmu) return call.respond(488, 'Not Acceptable Here');
    await this.bridge(call, m, number, number.agentId, media);
  }

  private async bridge(
    call: SipInboundCall,
    invite: SipMessage,
    number: repo.PhoneNumberRow,
    agentId: string,
    media: { ip: string; port: number },
  ): Promise<void> {
    if (call.ended) return;
    const conversationId = `conv_${newId(24)}`;
    const caller = userOf(header(invite, 'from')) ?? '';
    this.dialogs.set(call.callId, call);
    const bridge = new CallBridge({
      play: (mulaw) => call.rtp.play(mulaw),
      clear: () => call.rtp.clear(),
      hangup: () => void call.hangup(),
      transfer: async (rule) => {
        await call.rtp.idle();
        await call.refer(referTarget(rule, call.trunkHost));
      },
    });
    call.rtp.onAudio = (mulaw) => bridge.hear(mulaw);
    call.onHangup = (reason) => {
      this.dialogs.delete(call.callId);
      this.d.active.calls.delete(conversationId);
      void bridge.end(reason);
    };
    try {
      await bridge.open(this.d.starter, this.d.signer, {
        agentId,
        conversationId,
        clientData: {
          dynamic_variables: {
            system__caller_id: caller,
            system__called_number: number.phoneNumber,
            system__call_sid: call.callId,
          },
        },
        phoneCall: {
          direction: 'inbound',
          type: 'sip_trunking',
          phone_number_id: number.id,
          agent_number: number.phoneNumber,
          external_number: caller,
          call_sid: call.callId,
          call_id: call.callId,
        },
      });
    } catch (err) {
      this.dialogs.delete(call.callId);
      if (err instanceof AppError && err.statusCode === 429) return call.respond(486, 'Busy Here');
      this.d.log.error({ err }, 'inbound SIP conversation failed to start');
      return call.respond(500, 'Server Internal Error');
    }
    if (!call.ended) this.d.active.calls.set(conversationId, call);
    await call.answer(media);
  }

  /** A stateless nonce: time and its HMAC, so any node can check it. */
  private nonce(at = Date.now()): string {
    const t = at.toString(16);
    return `${t}.${createHmac('sha256', this.d.secret).update(`sip-nonce:${t}`).digest('hex').slice(0, 24)}`;
  }

  private freshNonce(nonce: string): boolean {
    const at = parseInt(nonce.split('.')[0] ?? '', 16);
    return Number.isFinite(at) && Date.now() - at < NONCE_TTL_MS && this.nonce(at) === nonce;
  }
}

/** A stateless answer to a request outside any dialog. */
function reply(m: SipMessage, status: number, reason: string): string {
  return buildSip(`SIP/2.0 ${status} ${reason}`, [
    ...(m.headers.get('via') ?? []).map((v): [string, string] => ['Via', v]),
    ['From', header(m, 'from') ?? ''],
    ['To', header(m, 'to') ?? ''],
    ['Call-ID', header(m, 'call-id') ?? ''],
    ['CSeq', header(m, 'cseq') ?? ''],
  ]);
}
