import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { encodeMulaw } from '@vocalis/speech/audio/g711';
import { resample } from '@vocalis/speech/audio/resample';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../testing/free-port';
import { startLlmStandIn } from '../../../testing/llm-stand-in';
import { sippInstalled, startSippUas } from '../../../testing/sipp-uas';
import { startSippUac } from '../../../testing/sipp-uac';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../../testing/test-app';
import { twilioMediaStream } from '../../../testing/twilio-media-stream';
import { waitFor } from '../../../testing/wait-for';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-auth-token-456';
const PERSON = '+15550102030';
const FIRST = 'Reception, how can I help?';
type Seen = { url: string; form: URLSearchParams };

describe(`transfer_to_number on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;
  let twilio: http.Server;
  let llm: Awaited<ReturnType<typeof startLlmStandIn>>;
  let sipPort: number;
  let agentId: string;
  let question: Uint8Array;
  const seen: Seen[] = [];

  beforeAll(async () => {
    twilio = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url!, form: new URLSearchParams(body) });
        res
          .writeHead(req.url!.endsWith('/Calls.json') ? 201 : 200, { 'content-type': 'application/json' })
          .end(`{"sid":"CA${'2'.repeat(32)}","status":"in-progress"}`);
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    sipPort = await freePort();
    app = await startTestApp({
      env: {
        TWILIO_API_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
        OUTBOUND_ALLOW_PRIVATE: 'true',
        SIP_PORT: String(sipPort),
        SIP_HOST: '127.0.0.1',
      },
    });
    owner = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    // The model calls the first tool it is offered (transfer_to_number) with the person's number.
    llm = await startLlmStandIn({ alwaysCallTool: true, toolArguments: { transfer_number: PERSON } });
    await app.request('/v1/convai/llm', {
      method: 'PUT',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ base_url: llm.baseUrl, model: 'stand-in-1' }),
    });
    ({ agentId } = await client.conversationalAi.agents.create({
      name: 'Reception',
      conversationConfig: {
        agent: {
          firstMessage: FIRST,
          prompt: {
            prompt: 'You are the reception.',
            builtInTools: {
              transferToNumber: {
                name: 'transfer_to_number',
                params: {
                  systemToolType: 'transfer_to_number',
                  transfers: [
                    {
                      transferDestination: { type: 'phone', phoneNumber: PERSON },
                      condition: 'The caller wants to speak to a person.',
                    },
                  ],
                },
              } as never,
            },
          },
        },
      },
    }));
    const s = await synthesizeToPcm({
      engine: createFliteEngine(),
      voice: 'kal16',
      text: 'Can I talk to a person please?',
    });
    const line = await resample(s.pcm, s.sampleRate, 8000);
    question = new Uint8Array([...encodeMulaw(line), ...new Uint8Array(8000 * 1.5).fill(0xff)]);
  }, 120_000);
  afterAll(async () => {
    twilio?.closeAllConnections();
    await new Promise((resolve) => twilio?.close(resolve));
    await llm?.close();
    await app?.close();
  });

  const done = (id: string) =>
    waitFor(async () => {
      const c = await client.conversationalAi.conversations.get(id).catch(() => null);
      return c?.status === 'done' && c;
    }, 60_000);

  /** The caller's question as RTP, a packet every 20 ms as a phone sends it. */
  async function ask(media: dgram.Socket, to: { address: string; port: number }) {
    for (let i = 0, seq = 1; i < question.length; i += 160, seq++) {
      const header = Buffer.alloc(12);
      header[0] = 0x80;
      header.writeUInt16BE(seq, 2);
      header.writeUInt32BE(seq * 160, 4);
      header.writeUInt32BE(4321, 8);
      media.send(Buffer.concat([header, question.subarray(i, i + 160)]), to.port, to.address);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const transferCall = (c: Awaited<ReturnType<typeof done>>) =>
    c.transcript.flatMap((t) => t.toolCalls ?? []).find((t) => t.toolName === 'transfer_to_number');

  it('transfers a Twilio call: the live call gets <Dial> TwiML through the REST API', async () => {
    const { phoneNumberId } = await client.conversationalAi.phoneNumbers.create({
      provider: 'twilio',
      phoneNumber: '+15551230011',
      label: 'Reception line',
      sid: SID,
      token: TOKEN,
    });
    const placed = await client.conversationalAi.twilio.outboundCall({
      agentId,
      agentPhoneNumberId: phoneNumberId,
      toNumber: '+15557654321',
    });
    const call = await twilioMediaStream(seen.at(-1)!.form.get('Twiml')!, { callSid: 'CA-live-1' });
    await waitFor(() => call.played.length > 0, 30_000);
    call.say(question);
    // The caller asked for a person: Twilio is told to dial them, and the stream is closed.
    const update = await waitFor(() => seen.find((r) => r.url.includes('/Calls/CA-live-1.json')), 60_000);
    expect(update.url).toBe(`/2010-04-01/Accounts/${SID}/Calls/CA-live-1.json`);
    expect(update.form.get('Twiml')).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial><Number>${PERSON}</Number></Dial></Response>`,
    );
    expect(await call.closed).toBe(1000);
    const record = await done(placed.conversationId!);
    expect(transferCall(record)).toMatchObject({ toolName: 'transfer_to_number' });
    expect(JSON.parse(transferCall(record)!.paramsAsJson)).toMatchObject({ transfer_number: PERSON });
    expect(record.metadata).toMatchObject({
      terminationReason: `The call was transferred to ${PERSON}.`,
    } as never);
    // The model was offered the tool with the rule's number.
    const offered = llm.requests.find((r) =>
      JSON.stringify(r.body.tools ?? []).includes('transfer_to_number'),
    );
    expect(JSON.stringify(offered!.body.tools)).toContain(PERSON);
  }, 120_000);

  it.skipIf(!sippInstalled())(
    'transfers a SIP call with REFER (SIPp answers 202 and NOTIFY), then hangs up with BYE',
    async () => {
      await client.conversationalAi.phoneNumbers.create({
        provider: 'sip_trunk',
        phoneNumber: '+15551230012',
        label: 'Reception trunk',
        agentId,
      });
      const media = dgram.createSocket('udp4');
      await new Promise<void>((resolve) => media.bind(0, '127.0.0.1', resolve));
      const packets: Buffer[] = [];
      let server: { address: string; port: number } | null = null;
      media.on('message', (p, rinfo) => {
        packets.push(p);
        server = { address: rinfo.address, port: rinfo.port };
      });
      const sipp = startSippUac({
        serverPort: sipPort,
        sippPort: await freePort(),
        mediaPort: media.address().port,
        service: '+15551230012',
        referTo: `^ *<sip:\\+15550102030@127\\.0\\.0\\.1:[0-9]+>$`,
      });
      try {
        const active = app.conversationalAi.telephony.active;
        const [conversationId, call] = await waitFor(() => [...active.calls.entries()][0], 30_000);
        await waitFor(() => packets.length > 0, 30_000);
        await call.rtp.idle();
        await ask(media, server!);
        // SIPp exits 0 only if the REFER named the person at the trunk and the BYE followed.
        expect(await sipp.exited, sipp.log()).toBe(0);
        const record = await done(conversationId);
        expect(JSON.parse(transferCall(record)!.paramsAsJson)).toMatchObject({ transfer_number: PERSON });
        expect(record.metadata).toMatchObject({
          terminationReason: `The call was transferred to ${PERSON}.`,
          phoneCall: { direction: 'inbound', type: 'sip_trunking' },
        } as never);
      } finally {
        sipp.process.kill();
        media.close();
      }
    },
    120_000,
  );

  it.skipIf(!sippInstalled())(
    'transfers an outbound SIP trunk call with REFER to the number at the trunk',
    async () => {
      const media = dgram.createSocket('udp4');
      await new Promise<void>((resolve) => media.bind(0, '127.0.0.1', resolve));
      const packets: Buffer[] = [];
      let ours: { address: string; port: number } | null = null;
      media.on('message', (p, rinfo) => {
        packets.push(p);
        ours = { address: rinfo.address, port: rinfo.port };
      });
      const trunkPort = await freePort();
      const sipp = startSippUas(
        trunkPort,
        media.address().port,
        `^ *<sip:\\+15550102030@127\\.0\\.0\\.1:${trunkPort}>$`,
      );
      try {
        const { phoneNumberId } = await client.conversationalAi.phoneNumbers.create({
          provider: 'sip_trunk',
          phoneNumber: '+15551230013',
          label: 'Outbound trunk',
          outboundTrunkConfig: { address: `127.0.0.1:${trunkPort}` },
        });
        const placed = await client.conversationalAi.sipTrunk.outboundCall({
          agentId,
          agentPhoneNumberId: phoneNumberId,
          toNumber: '+15557654321',
        });
        const call = app.conversationalAi.telephony.active.calls.get(placed.conversationId!)!;
        await waitFor(() => packets.length > 0, 30_000);
        await call.rtp.idle();
        await ask(media, ours!);
        expect(await sipp.exited, sipp.log()).toBe(0);
        const record = await done(placed.conversationId!);
        expect(JSON.parse(transferCall(record)!.paramsAsJson)).toMatchObject({ transfer_number: PERSON });
        expect(record.metadata).toMatchObject({
          terminationReason: `The call was transferred to ${PERSON}.`,
          phoneCall: { direction: 'outbound', type: 'sip_trunking' },
        } as never);
      } finally {
        sipp.process.kill();
        media.close();
      }
    },
    120_000,
  );
});
