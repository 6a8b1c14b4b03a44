import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;

describe(`batch calls on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let twilio: http.Server;
  /** The calls Twilio was asked to place: number called and the TwiML. */
  const placed: { to: string; twiml: string }[] = [];
  const refuse = new Set(['+15550000002']);
  let agentId: string;
  let phoneNumberId: string;

  beforeAll(async () => {
    twilio = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const to = form.get('To')!;
        if (refuse.has(to))
          return res
            .writeHead(400, { 'content-type': 'application/json' })
            .end('{"message":"Number unreachable"}');
        placed.push({ to, twiml: form.get('Twiml')! });
        res.writeHead(201, { 'content-type': 'application/json' }).end(`{"sid":"CA${placed.length}"}`);
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
      name: 'Reminders',
      conversationConfig: { agent: { firstMessage: 'Hello {{name}}, your appointment is tomorrow.' } },
    }));
    ({ phoneNumberId } = await client.conversationalAi.phoneNumbers.create({
      provider: 'twilio',
      phoneNumber: '+15551230001',
      label: 'Outbound',
      sid: SID,
      token: 'token',
    }));
  }, 120_000);
  afterAll(async () => {
    twilio?.closeAllConnections();
    await new Promise((resolve) => twilio?.close(resolve));
    await app?.close();
  });

  /** Twilio answering a placed call: the Media Stream opens, the agent greets, the callee hangs up. */
  async function answer(twiml: string): Promise<string> {
    const url = /<Stream url="([^"]+)"/.exec(twiml)![1]!;
    const ticket = /<Parameter name="ticket" value="([^"]+)"/.exec(twiml)![1]!;
    const ws = new WebSocket(url);
    await new Promise((resolve) => ws.once('open', resolve));
    let heard = 0;
    ws.on('message', (d: Buffer) => {
      if ((JSON.parse(d.toString()) as { event: string }).event === 'media') heard++;
    });
    ws.send(
      JSON.stringify({
        event: 'start',
        streamSid: 'MZ',
        start: { streamSid: 'MZ', customParameters: { ticket } },
      }),
    );
    await waitFor(() => heard > 0, 30_000);
    ws.close();
    return ticket;
  }
  const recipients = async (id: string) =>
    (await client.conversationalAi.batchCalls.get(id)).recipients.map((r) => [r.phoneNumber, r.status]);

  it("dials the recipients one at a time, records each one's status, and retries the failed one", async () => {
    const batch = await client.conversationalAi.batchCalls.create({
      callName: 'Appointment reminders',
      agentId,
      agentPhoneNumberId: phoneNumberId,
      targetConcurrencyLimit: 1,
      recipients: [
        {
          phoneNumber: '+15550000001',
          conversationInitiationClientData: { dynamicVariables: { name: 'Ada' } },
        },
        {
          phoneNumber: '+15550000002',
          conversationInitiationClientData: { dynamicVariables: { name: 'Bob' } },
        },
        {
          phoneNumber: '+15550000003',
          conversationInitiationClientData: { dynamicVariables: { name: 'Cy' } },
        },
      ],
    });
    expect(batch).toMatchObject({
      name: 'Appointment reminders',
      agentName: 'Reminders',
      totalCallsScheduled: 3,
      phoneProvider: 'twilio',
    });

    await waitFor(() => placed.length === 1);
    expect(placed[0]!.to).toBe('+15550000001');
    // One call at a time: the next is dialled only when the first has ended.
    expect(await recipients(batch.id)).toEqual([
      ['+15550000001', 'initiated'],
      ['+15550000002', 'pending'],
      ['+15550000003', 'pending'],
    ]);
    await answer(placed[0]!.twiml);
    await waitFor(() => placed.length === 2, 30_000);
    expect(await recipients(batch.id)).toEqual([
      ['+15550000001', 'completed'],
      ['+15550000002', 'failed'],
      ['+15550000003', 'initiated'],
    ]);
    const first = await client.conversationalAi.batchCalls.get(batch.id);
    const ada = await client.conversationalAi.conversations.get(first.recipients[0]!.conversationId!);
    expect(ada.transcript[0]!.message).toBe('Hello Ada, your appointment is tomorrow.');
    expect(ada.metadata).toMatchObject({ batchCall: { batchCallId: batch.id } } as never);
    await answer(placed[1]!.twiml);
    const finished = await waitFor(async () => {
      const b = await client.conversationalAi.batchCalls.get(batch.id);
      return b.status === 'completed' && b;
    }, 30_000);
    expect(finished).toMatchObject({ totalCallsDispatched: 3, totalCallsFinished: 3, retryCount: 0 });

    refuse.clear();
    const retried = await client.conversationalAi.batchCalls.retry(batch.id);
    expect(retried.retryCount).toBe(1);
    await waitFor(() => placed.length === 3, 30_000);
    expect(placed[2]!.to).toBe('+15550000002');
    const nothing = (await client.conversationalAi.batchCalls
      .retry(batch.id)
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(nothing.statusCode).toBe(409);
  }, 180_000);

  it('waits for the scheduled time, cancels, and keeps batches to the workspace', async () => {
    const later = await client.conversationalAi.batchCalls.create({
      callName: 'Next week',
      agentId,
      agentPhoneNumberId: phoneNumberId,
      scheduledTimeUnix: Math.floor(Date.now() / 1000) + 7 * 86_400,
      recipients: [{ phoneNumber: '+15550000009' }],
    });
    expect(later.status).toBe('pending');
    const cancelled = await client.conversationalAi.batchCalls.cancel(later.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await recipients(later.id)).toEqual([['+15550000009', 'cancelled']]);
    expect(placed.some((p) => p.to === '+15550000009')).toBe(false);
    const again = (await client.conversationalAi.batchCalls
      .cancel(later.id)
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(again.statusCode).toBe(409);

    const listed = await client.conversationalAi.batchCalls.list();
    expect(listed.batchCalls.map((b) => b.name)).toEqual(['Next week', 'Appointment reminders']);
    const theirs = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    expect((await theirs.conversationalAi.batchCalls.list()).batchCalls).toEqual([]);
    const hidden = (await theirs.conversationalAi.batchCalls
      .get(later.id)
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toEqual({
      detail: { status: 'batch_call_not_found', message: `Batch call with id ${later.id} was not found.` },
    });
    // Another workspace's number cannot be used.
    const foreign = (await theirs.conversationalAi.batchCalls
      .create({
        callName: 'x',
        agentId,
        agentPhoneNumberId: phoneNumberId,
        recipients: [{ phoneNumber: '+15550000001' }],
      })
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(foreign.statusCode).toBe(404);
    const invalid = (await client.conversationalAi.batchCalls
      .create({ callName: 'x', agentId, agentPhoneNumberId: phoneNumberId, recipients: [] })
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(invalid.statusCode).toBe(422);
  }, 60_000);
  it('publishes each change of a batch on the live batch_call collection, to its workspace only', async () => {
    type Live = { type: string; collection?: string; op?: string; id?: string; data?: { status?: string } };
    const listen = async (user: TestUser) => {
      const ws = new WebSocket(`${app.url.replace('http', 'ws')}/v1/live`, {
        headers: { cookie: user.cookie },
      });
      const received: Live[] = [];
      ws.on('message', (d: Buffer) => received.push(JSON.parse(d.toString()) as Live));
      await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
      ws.send(JSON.stringify({ type: 'subscribe', collection: 'batch_call' }));
      await waitFor(() => received.some((m) => m.type === 'subscribed'));
      return { ws, received };
    };
    const mine = await listen(owner);
    const theirs = await listen(other);
    refuse.add('+15550000008');
    const batch = await client.conversationalAi.batchCalls.create({
      callName: 'Unreachable',
      agentId,
      agentPhoneNumberId: phoneNumberId,
      recipients: [{ phoneNumber: '+15550000008' }],
    });
    const changes = () => mine.received.filter((m) => m.type === 'change' && m.id === batch.id);
    // Submitted, then dialled, refused by Twilio, and finished as failed: each step is pushed, the last
    // with the batch as the list shows it.
    await waitFor(() => changes().some((m) => m.data?.status === 'failed'), 30_000);
    expect(changes()[0]).toMatchObject({
      collection: 'batch_call',
      op: 'insert',
      data: { status: 'pending' },
    });
    expect(changes().at(-1)).toMatchObject({
      op: 'update',
      data: { id: batch.id, status: 'failed', total_calls_scheduled: 1, total_calls_finished: 1 },
    });
    expect(await recipients(batch.id)).toEqual([['+15550000008', 'failed']]);

    await client.conversationalAi.batchCalls.delete(batch.id);
    expect(await waitFor(() => changes().find((m) => m.op === 'delete'))).toMatchObject({ data: null });
    expect(theirs.received.filter((m) => m.type === 'change')).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  }, 60_000);
});
