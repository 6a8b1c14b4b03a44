import WebSocket from 'ws';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- protocol events are read field by field
export type ProtocolEvent = { type: string; [key: string]: any };

/** A client speaking @elevenlabs/client's protocol over `ws`. */
export class ProtocolClient {
  readonly events: ProtocolEvent[] = [];
  private waiters: { match: (e: ProtocolEvent) => boolean; resolve: (e: ProtocolEvent) => void }[] = [];
  closed: Promise<{ code: number; reason: string }>;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const e = JSON.parse(data.toString()) as ProtocolEvent;
      if (e.type === 'ping') ws.send(JSON.stringify({ type: 'pong', event_id: e.ping_event.event_id }));
      this.events.push(e);
      this.waiters = this.waiters.filter((w) => (w.match(e) ? (w.resolve(e), false) : true));
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }
  static async open(url: string, headers: Record<string, string> = {}) {
    const ws = new WebSocket(url, ['convai'], { headers });
    const client = new ProtocolClient(ws);
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    return client;
  }
  send(m: object) {
    this.ws.send(JSON.stringify(m));
  }
  next(match: (e: ProtocolEvent) => boolean, ms = 60_000): Promise<ProtocolEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching event; got ${this.events.map((e) => e.type).join(',')}`)),
        ms,
      );
      this.waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  }
  /** Streams 16 kHz PCM as user_audio_chunk messages, 100 ms each, twice as fast as real time. */
  async speak(pcm: Int16Array) {
    for (let i = 0; i < pcm.length; i += 1600) {
      const chunk = pcm.slice(i, i + 1600);
      this.send({ user_audio_chunk: Buffer.from(chunk.buffer).toString('base64') });
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
