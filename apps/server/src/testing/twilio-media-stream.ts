/**
 * Twilio's side of a Media Stream in tests (decision 226): connects to the stream URL of the TwiML the server
 * gave, sends `connected` and `start` with the ticket, then the caller's µ-law as `media` messages; collects
 * what the server plays and the events it sends.
 */
import WebSocket from 'ws';

export async function twilioMediaStream(twiml: string, o: { streamSid?: string; callSid?: string } = {}) {
  const streamSid = o.streamSid ?? 'MZ1';
  const url = /<Stream url="([^"]+)"/.exec(twiml)![1]!;
  const ticket = /<Parameter name="ticket" value="([^"]+)"/.exec(twiml)![1]!;
  const ws = new WebSocket(url.replace(/&amp;/g, '&'));
  const played: Buffer[] = [];
  const events: string[] = [];
  const sids = new Set<string>();
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as {
      event: string;
      streamSid: string;
      media?: { payload: string };
    };
    events.push(m.event);
    sids.add(m.streamSid);
    if (m.event === 'media') played.push(Buffer.from(m.media!.payload, 'base64'));
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
  ws.send(
    JSON.stringify({
      event: 'start',
      streamSid,
      start: {
        streamSid,
        callSid: o.callSid ?? 'CA1',
        customParameters: { ticket },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    }),
  );
  const say = (mulaw: Uint8Array) => {
    for (let i = 0; i < mulaw.length; i += 160)
      ws.send(
        JSON.stringify({
          event: 'media',
          streamSid,
          media: { payload: Buffer.from(mulaw.subarray(i, i + 160)).toString('base64') },
        }),
      );
  };
  return { ws, played, events, sids, closed, say };
}
