/**
 * One RTP stream (RFC 3550, decision 227): G.711 µ-law, payload type 0, 20 ms (160-byte) packets sent in real
 * time from a queue; packets received from the peer are handed on as µ-law. The same UDP socket sends and
 * receives (symmetric RTP).
 */
import dgram from 'node:dgram';
import { randomInt } from 'node:crypto';
import { FRAME_BYTES } from './telephone-audio';

const HEADER = 12;

export class RtpStream {
  private readonly socket = dgram.createSocket('udp4');
  private remote: { ip: string; port: number } | null = null;
  private queue: Uint8Array[] = [];
  private pending = new Uint8Array(0);
  private seq = randomInt(0, 0xffff);
  private timestamp = randomInt(0, 0x7fffffff);
  private readonly ssrc = randomInt(1, 0x7fffffff);
  private timer: NodeJS.Timeout | null = null;
  private idleWaiters: (() => void)[] = [];
  packetsSent = 0;
  packetsReceived = 0;
  onAudio: (mulaw: Uint8Array) => void = () => undefined;

  async bind(ip: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.bind(0, ip, () => resolve());
    });
    this.socket.on('message', (packet, rinfo) => {
      if (!this.remote || rinfo.address !== this.remote.ip) return;
      const payload = payloadOf(packet);
      if (!payload) return;
      this.packetsReceived++;
      this.onAudio(payload);
    });
    return this.socket.address().port;
  }

  start(remote: { ip: string; port: number }): void {
    this.remote = remote;
    this.timer = setInterval(() => this.tick(), 20);
  }

  /** Queues µ-law for the line, cut into 20 ms packets. */
  play(mulaw: Uint8Array): void {
    const all = new Uint8Array(this.pending.length + mulaw.length);
    all.set(this.pending);
    all.set(mulaw, this.pending.length);
    let at = 0;
    for (; at + FRAME_BYTES <= all.length; at += FRAME_BYTES)
      this.queue.push(all.slice(at, at + FRAME_BYTES));
    this.pending = all.slice(at);
  }

  clear(): void {
    this.queue = [];
    this.pending = new Uint8Array(0);
    this.wakeIdle();
  }

  /** Resolves when everything queued has been sent. */
  idle(): Promise<void> {
    if (!this.queue.length) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private tick(): void {
    if (!this.remote) return;
    if (!this.queue.length && this.pending.length) {
      const last = new Uint8Array(FRAME_BYTES).fill(0xff);
      last.set(this.pending);
      this.queue.push(last);
      this.pending = new Uint8Array(0);
    }
    const frame = this.queue.shift();
    if (!frame) return;
    const packet = Buffer.alloc(HEADER + frame.length);
    packet[0] = 0x80;
    packet[1] = this.packetsSent === 0 ? 0x80 : 0x00; // marker on the first packet, payload type 0
    packet.writeUInt16BE(this.seq, 2);
    packet.writeUInt32BE(this.timestamp >>> 0, 4);
    packet.writeUInt32BE(this.ssrc, 8);
    packet.set(frame, HEADER);
    this.seq = (this.seq + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME_BYTES) % 0x100000000;
    this.packetsSent++;
    this.socket.send(packet, this.remote.port, this.remote.ip);
    if (!this.queue.length) this.wakeIdle();
  }

  private wakeIdle(): void {
    for (const w of this.idleWaiters.splice(0)) w();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.wakeIdle();
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }
}

/** The µ-law payload of an RTP packet (PCMU only; CSRCs, extension and padding skipped), or null. */
export function payloadOf(packet: Buffer): Uint8Array | null {
  if (packet.length < HEADER || packet[0]! >> 6 !== 2 || (packet[1]! & 0x7f) !== 0) return null;
  let at = HEADER + (packet[0]! & 0x0f) * 4;
  if (packet[0]! & 0x10) {
    if (packet.length < at + 4) return null;
    at += 4 + packet.readUInt16BE(at + 2) * 4;
  }
  let end = packet.length;
  if (packet[0]! & 0x20) end -= packet[packet.length - 1]!;
  return at <= end ? new Uint8Array(packet.subarray(at, end)) : null;
}
