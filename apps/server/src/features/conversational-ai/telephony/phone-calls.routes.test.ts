import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { encodeMulaw } from '@vocalis/speech/audio/g711';
import { resample } from '@vocalis/speech/audio/resample';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../testing/free-port';
import { sippInstalled, startSippUas } from '../../../testing/sipp-uas';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../../testing/test-app';
import { twilioMediaStream } from '../../../testing/twilio-media-stream';
import { waitFor } from '../../../testing/wait-for';
import { decodeMulaw } from './telephone-audio';
import { NO_AGENT_MESSAGE } from './inbound-calls';
import { twilioSignature } from './twilio';
import { payloadOf } from './rtp-stream';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-auth-token-123';
const FIRST = 'Hello, this is the front desk.';
type Seen = { url: string; headers: http.IncomingHttpHeaders; form: URLSearchParams };
const rms = (pcm: Int16Array) => Math.sqrt(pcm.reduce((n, s) => n + s * s, 0) / Math.max(1, pcm.length));

describe(`phone calls on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let twilio: http.Server;
  const seen: Seen[] = [];
  let agentId: string;
  let question: Uint8Array;

  beforeAll(async () => {
    twilio = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push({ url: req.url!, headers: req.headers, form });
        if (form.get('To') === '+15550000000')
          return res
            .writeHead(400, { 'content-type': 'application/json' })
            .end(
              '{"code":21211,"message":"The \'To\' number +15550000000 is not a valid phone number.","status":400}',
            );
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(`{"sid":"CA${'1'.repeat(32)}","status":"queued"}`);
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    app = await startTestApp({
      env: { TWILIO_API_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}` },
    });
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    ({ agentId } = await client.conversationalAi.agents.create({
      name: 'Front desk',
      conversationConfig: { agent: { firstMessage: FIRST } },
    }));
    const s = await synthesizeToPcm({
      engine: createFliteEngine(),
      voice: 'kal16',
      text: 'What time do you open on Sunday?',
    });
    const line = await resample(s.pcm, s.sampleRate, 8000);
    question = new Uint8Array([...encodeMulaw(line), ...new Uint8Array(8000 * 1.5).fill(0xff)]);
  }, 120_000);
  afterAll(async () => {
    twilio?.closeAllConnections();
    await new Promise((resolve) => twilio?.close(resolve));
    await app?.close();
  });

  const conversation = (id: string) =>
    waitFor(async () => {
      const c = await client.conversationalAi.conversations.get(id).catch(() => null);
      return c?.status === 'done' && c;
    }, 60_000);

  async function mediaStream(twiml: string) {
    const call = await twilioMediaStream(twiml);
    call.ws.on('message', () => expect([...call.sids]).toEqual(['MZ1']));
    return call;
  }

  it('places a Twilio call through the REST API and bridges its Media Stream to the agent', async () => {
    const { phoneNumberId } = await client.conversationalAi.phoneNumbers.create({
      provider: 'twilio',
      phoneNumber: '+15551230001',
      label: 'Main line',
      sid: SID,
      token: TOKEN,
      agentId,
    });
    const placed = await client.conversationalAi.twilio.outboundCall({
      agentId,
      agentPhoneNumberId: phoneNumberId,
      toNumber: '+15557654321',
      conversationInitiationClientData: { dynamicVariables: { name: 'Ada' } },
    });
    expect(placed).toMatchObject({ success: true, callSid: `CA${'1'.repeat(32)}` });
    const request = seen.at(-1)!;
    expect(request.url).toBe(`/2010-04-01/Accounts/${SID}/Calls.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request.form.get('To')).toBe('+15557654321');
    expect(request.form.get('From')).toBe('+15551230001');
    expect(request.form.get('Twiml')).toContain(
      `<Stream url="${app.url.replace('http', 'ws')}/v1/convai/twilio/media-stream">`,
    );

    // Twilio connects the stream when the callee answers: the agent greets, hears the question, answers.
    const call = await mediaStream(request.form.get('Twiml')!);
    await waitFor(() => call.played.length > 0, 30_000);
    call.say(question);
    await waitFor(
      () => call.events.filter((e) => e === 'media').length > 0 && call.played.length > 20,
      30_000,
    );
    const got = await waitFor(async () => {
      const rows = await client.conversationalAi.conversations.list({ agentId });
      return rows.conversations.find((c) => c.conversationId === placed.conversationId);
    });
    expect(got.status).toBe('in-progress');
    call.ws.send(JSON.stringify({ event: 'stop', streamSid: 'MZ1' }));
    call.ws.close();
    const done = await conversation(placed.conversationId!);
    expect(done.transcript[0]).toMatchObject({ role: 'agent', message: FIRST });
    const user = done.transcript.find((t) => t.role === 'user');
    expect(user?.message?.toLowerCase()).toMatch(/open|sunday|time/);
    expect(done.metadata).toMatchObject({
      phoneCall: {
        direction: 'outbound',
        type: 'twilio',
        externalNumber: '+15557654321',
        callSid: 'CA1',
        streamSid: 'MZ1',
      },
    } as never);
    // What was played is the agent's voice, µ-law at 8 kHz.
    expect(rms(decodeMulaw(Buffer.concat(call.played)))).toBeGreaterThan(300);

    // Twilio's refusal is passed on.
    const refused = (await client.conversationalAi.twilio
      .outboundCall({ agentId, agentPhoneNumberId: phoneNumberId, toNumber: '+15550000000' })
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(refused.statusCode).toBe(502);
    expect(refused.body).toEqual({
      detail: {
        status: 'twilio_error',
        message: "Twilio refused the call: The 'To' number +15550000000 is not a valid phone number.",
      },
    });
    // Another workspace cannot call from this number or with this agent.
    const theirs = (await new ElevenLabsClient({
      apiKey: other.apiKey,
      baseUrl: app.url,
    }).conversationalAi.twilio
      .outboundCall({ agentId, agentPhoneNumberId: phoneNumberId, toNumber: '+15557654321' })
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(theirs.statusCode).toBe(404);
  }, 120_000);

  it('answers signed inbound Twilio calls with a Media Stream to the assigned agent', async () => {
    const numbers = await client.conversationalAi.phoneNumbers.list({ provider: 'twilio' });
    const number = numbers.find((n) => n.phoneNumber === '+15551230001')!;
    const url = `${app.url}/v1/convai/twilio/inbound-call`;
    const params = {
      AccountSid: SID,
      CallSid: 'CA2',
      From: '+15559998888',
      To: '+15551230001',
      CallStatus: 'ringing',
    };
    const post = (signature: string) =>
      app.request('/v1/convai/twilio/inbound-call', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
    const forged = await post(twilioSignature('not-the-token', url, params));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({
      detail: {
        status: 'invalid_twilio_signature',
        message: 'The request is not signed by Twilio for a number here.',
      },
    });
    const answered = await post(twilioSignature(TOKEN, url, params));
    expect(answered.headers.get('content-type')).toContain('text/xml');
    const call = await mediaStream(await answered.text());
    await waitFor(() => call.played.length > 0, 30_000);
    call.ws.close();
    const latest = await waitFor(async () => {
      const rows = await client.conversationalAi.conversations.list({ agentId });
      const c = rows.conversations.find((r) => r.status === 'done' && r.conversationId !== undefined);
      if (!c) return undefined;
      const full = await client.conversationalAi.conversations.get(c.conversationId);
      return (
        (full.metadata as { phoneCall?: { direction?: string } }).phoneCall?.direction === 'inbound' && full
      );
    }, 60_000);
    expect(latest.transcript[0]).toMatchObject({ role: 'agent', message: FIRST });

    // A number without an agent says so and hangs up.
    await client.conversationalAi.phoneNumbers.update(number.phoneNumberId, {
      agentId: undefined,
      label: 'Main line',
    });
    await app.request(`/v1/convai/phone-numbers/${number.phoneNumberId}`, {
      method: 'PATCH',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ agent_id: null }),
    });
    const unassigned = await post(twilioSignature(TOKEN, url, params));
    expect(await unassigned.text()).toContain(`<Say>${NO_AGENT_MESSAGE}</Say><Hangup/>`);
    await client.conversationalAi.phoneNumbers.update(number.phoneNumberId, { agentId });
  }, 120_000);

  it.skipIf(!sippInstalled())(
    'calls through a SIP trunk (SIPp on loopback): INVITE, RTP both ways, BYE',
    async () => {
      const media = dgram.createSocket('udp4');
      await new Promise<void>((resolve) => media.bind(0, '127.0.0.1', resolve));
      const packets: Buffer[] = [];
      let ours: { address: string; port: number } | null = null;
      media.on('message', (p, rinfo) => {
        packets.push(p);
        ours = { address: rinfo.address, port: rinfo.port };
      });
      const sipPort = await freePort();
      const sipp = startSippUas(sipPort, media.address().port);
      try {
        const { phoneNumberId } = await client.conversationalAi.phoneNumbers.create({
          provider: 'sip_trunk',
          phoneNumber: '+15551230002',
          label: 'Office PBX',
          outboundTrunkConfig: { address: `127.0.0.1:${sipPort}` },
        });
        const placed = await client.conversationalAi.sipTrunk.outboundCall({
          agentId,
          agentPhoneNumberId: phoneNumberId,
          toNumber: '+15557654321',
        });
        expect(placed).toMatchObject({ success: true, sipCallId: expect.stringMatching(/@vocalis$/) });
        const calls = app.conversationalAi.telephony.active;
        const call = calls.calls.get(placed.conversationId!)!;
        // The greeting arrives as RTP: PCMU, consecutive sequence numbers, 160 samples apart.
        await waitFor(() => packets.length > 0, 30_000);
        await call.rtp.idle();
        await waitFor(() => packets.length === call.rtp.packetsSent);
        expect(packets.length).toBeGreaterThan(50); // the greeting lasts well over a second
        packets.forEach((p, i) => {
          expect(p[1]! & 0x7f).toBe(0);
          if (i) expect((p.readUInt16BE(2) - packets[i - 1]!.readUInt16BE(2) + 0x10000) % 0x10000).toBe(1);
          if (i) expect(p.readUInt32BE(4) - packets[i - 1]!.readUInt32BE(4)).toBe(160);
        });
        const heard = decodeMulaw(Buffer.concat(packets.map((p) => payloadOf(p)!)));
        expect(rms(heard)).toBeGreaterThan(300);

        // The callee speaks: RTP back to where ours came from, transcribed into the conversation.
        for (let i = 0, seq = 1; i < question.length; i += 160, seq++) {
          const header = Buffer.alloc(12);
          header[0] = 0x80;
          header.writeUInt16BE(seq, 2);
          header.writeUInt32BE(seq * 160, 4);
          header.writeUInt32BE(1234, 8);
          media.send(Buffer.concat([header, question.subarray(i, i + 160)]), ours!.port, ours!.address);
          // A phone sends a packet every 20 ms (a burst would overflow the socket's receive buffer).
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const sent = packets.length;
        await waitFor(() => call.rtp.packetsReceived === Math.ceil(question.length / 160));
        await waitFor(() => packets.length > sent + 20, 30_000); // the agent answers
        await app.conversationalAi.telephony.active.hangup(placed.conversationId!);
        expect(await sipp.exited).toBe(0);
        const done = await conversation(placed.conversationId!);
        expect(done.transcript[0]).toMatchObject({ role: 'agent', message: FIRST });
        expect(done.transcript.find((t) => t.role === 'user')?.message?.toLowerCase()).toMatch(
          /open|sunday|time/,
        );
        expect(done.metadata).toMatchObject({
          phoneCall: { direction: 'outbound', type: 'sip_trunking', callSid: placed.sipCallId },
        } as never);
      } finally {
        sipp.process.kill();
        media.close();
      }
    },
    120_000,
  );
});
