import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../testing/free-port';
import { sippInstalled } from '../../../testing/sipp-uas';
import { CALLER, hangUp, startSippUac } from '../../../testing/sipp-uac';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../../testing/test-app';
import { waitFor } from '../../../testing/wait-for';
import { payloadOf } from './rtp-stream';
import { buildSip, digestAuthorization, header, parseSip, sdpOffer, type SipMessage } from './sip-message';
import { decodeMulaw } from './telephone-audio';

const FIRST = 'Thank you for calling the workshop.';
const NUMBER = '+15551230003';
const rms = (pcm: Int16Array) => Math.sqrt(pcm.reduce((n, s) => n + s * s, 0) / Math.max(1, pcm.length));

describe.skipIf(!sippInstalled())(`inbound SIP calls on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;
  let sipPort: number;
  let agentId: string;
  let phoneNumberId: string;

  beforeAll(async () => {
    sipPort = await freePort();
    app = await startTestApp({ env: { SIP_PORT: String(sipPort), SIP_HOST: '127.0.0.1' } });
    owner = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    ({ agentId } = await client.conversationalAi.agents.create({
      name: 'Workshop',
      conversationConfig: { agent: { firstMessage: FIRST } },
    }));
    ({ phoneNumberId } = await client.conversationalAi.phoneNumbers.create({
      provider: 'sip_trunk',
      phoneNumber: NUMBER,
      label: 'Workshop trunk',
      inboundTrunkConfig: { credentials: { username: 'trunk-in', password: 'in-secret' } },
      agentId,
    }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  /** One request from a raw UDP socket; resolves with its first final response (`cancel`: CANCEL on 100). */
  async function ask(method: string, to: string, extra: [string, string][] = [], cseq = 1, cancel = false) {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    const uri = `sip:${to}@127.0.0.1:${sipPort}`;
    const request = (name: string) =>
      buildSip(
        `${name} ${uri} SIP/2.0`,
        [
          ['Via', `SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bK${method}${cseq}${to}`],
          ['From', `<sip:${CALLER}@127.0.0.1>;tag=raw`],
          ['To', `<sip:${to}@127.0.0.1>`],
          ['Call-ID', `raw-${to}@test`],
          ['CSeq', `${cseq} ${name}`],
          ['Contact', `<sip:${CALLER}@127.0.0.1:${port}>`],
          ...extra,
          ['Content-Type', 'application/sdp'],
        ],
        name === 'INVITE' ? sdpOffer('127.0.0.1', 40000, '1') : '',
      );
    const final = new Promise<SipMessage>((resolve) =>
      socket.on('message', (b) => {
        const m = parseSip(b.toString());
        if (!m?.status || !header(m, 'cseq')?.endsWith(method)) return;
        if (m.status === 100 && cancel) socket.send(request('CANCEL'), sipPort, '127.0.0.1');
        if (m.status >= 200) resolve(m);
      }),
    );
    socket.send(request(method), sipPort, '127.0.0.1');
    const m = await final;
    socket.close();
    return { m, uri };
  }

  it('answers an INVITE to a trunk number with digest auth, bridges RTP to the agent, ends on BYE', async () => {
    const media = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => media.bind(0, '127.0.0.1', resolve));
    const packets: Buffer[] = [];
    media.on('message', (p) => packets.push(p));
    const sippPort = await freePort();
    const sipp = startSippUac({
      serverPort: sipPort,
      sippPort,
      mediaPort: media.address().port,
      service: NUMBER,
      credentials: { username: 'trunk-in', password: 'in-secret' },
    });
    try {
      const active = app.conversationalAi.telephony.active;
      const [conversationId, call] = await waitFor(() => [...active.calls.entries()][0], 30_000);
      // The agent's greeting arrives as PCMU RTP at the address of SIPp's SDP offer.
      await waitFor(() => packets.length > 0, 30_000);
      await call.rtp.idle();
      await waitFor(() => packets.length === call.rtp.packetsSent);
      expect(packets.length).toBeGreaterThan(50);
      expect(packets.every((p) => (p[1]! & 0x7f) === 0)).toBe(true);
      expect(rms(decodeMulaw(Buffer.concat(packets.map((p) => payloadOf(p)!))))).toBeGreaterThan(300);

      // The caller hangs up: SIPp's BYE is answered and the conversation is stored for the number.
      await hangUp(sippPort, call.callId);
      expect(await sipp.exited, sipp.log()).toBe(0);
      await waitFor(() => !active.calls.has(conversationId));
      const done = await waitFor(async () => {
        const c = await client.conversationalAi.conversations.get(conversationId);
        return c.status === 'done' && c;
      }, 60_000);
      expect(done.agentId).toBe(agentId);
      expect(done.transcript[0]).toMatchObject({ role: 'agent', message: FIRST });
      expect(done.metadata).toMatchObject({
        phoneCall: {
          direction: 'inbound',
          type: 'sip_trunking',
          phoneNumberId,
          agentNumber: NUMBER,
          externalNumber: CALLER,
          callSid: call.callId,
        },
      } as never);
      // Another workspace does not see the call.
      const other = await createTestUser(app);
      const theirs = await app.request(`/v1/convai/conversations/${conversationId}`, {
        headers: { 'xi-api-key': other.apiKey },
      });
      expect(theirs.status).toBe(404);
    } finally {
      sipp.process.kill();
      media.close();
    }
  }, 120_000);

  it('refuses unknown numbers (404), challenges for credentials (401) and refuses wrong ones (403)', async () => {
    expect((await ask('INVITE', '+15550001111')).m).toMatchObject({ status: 404, reason: 'Not Found' });
    const challenged = await ask('INVITE', NUMBER);
    expect(challenged.m.status).toBe(401);
    const challenge = header(challenged.m, 'www-authenticate')!;
    expect(challenge).toMatch(/^Digest realm="vocalis", nonce="[^"]+"/);
    const wrong = digestAuthorization(challenge, {
      method: 'INVITE',
      uri: challenged.uri,
      username: 'trunk-in',
      password: 'not-the-password',
    });
    expect((await ask('INVITE', NUMBER, [['Authorization', wrong]], 2)).m.status).toBe(403);
    // A nonce this server did not issue is refused even with the right password.
    const forged = digestAuthorization(challenge.replace(/nonce="[^"]+"/, 'nonce="123.abc"'), {
      method: 'INVITE',
      uri: challenged.uri,
      username: 'trunk-in',
      password: 'in-secret',
    });
    expect((await ask('INVITE', NUMBER, [['Authorization', forged]], 3)).m.status).toBe(403);
    expect(app.conversationalAi.telephony.active.calls.size).toBe(0);
    // Trunks' keep-alives are answered.
    expect((await ask('OPTIONS', NUMBER)).m.status).toBe(200);
  });

  it('answers 480 when the number has no agent', async () => {
    await client.conversationalAi.phoneNumbers.create({
      provider: 'sip_trunk',
      phoneNumber: '+15551230004',
      label: 'Unassigned trunk',
    });
    expect((await ask('INVITE', '15551230004')).m).toMatchObject({ status: 480 });
  });

  it('ends the conversation when the caller cancels while it opens', async () => {
    await client.conversationalAi.phoneNumbers.create({
      provider: 'sip_trunk',
      phoneNumber: '+15551230005',
      label: 'Cancelled trunk',
      agentId,
    });
    const before = (await client.conversationalAi.conversations.list({ agentId })).conversations.length;
    const { m } = await ask('INVITE', '+15551230005', [], 1, true);
    // Cancelled before the answer (487) or just after it (the CANCEL then ends the call like a BYE).
    expect([487, 200]).toContain(m.status);
    // Once the INVITE is handled, no call is left and no conversation is left running (if one opened).
    await app.conversationalAi.telephony.sip!.settled();
    await waitFor(() => app.conversationalAi.telephony.active.calls.size === 0);
    const list = await waitFor(async () => {
      const rows = (await client.conversationalAi.conversations.list({ agentId })).conversations;
      return rows.every((c) => c.status === 'done') && rows;
    });
    expect(list.length).toBeLessThanOrEqual(before + 1);
  });
});
