import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../../testing/test-app';
import { waitFor } from '../../../testing/wait-for';
import { twilioSignature } from './twilio';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const OTHER_SID = `AC${'fedcba9876543210'.repeat(2)}`;
const TOKEN = 'status-token-1';

describe(`Twilio status callbacks on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let twilio: http.Server;
  const placed: URLSearchParams[] = [];

  beforeAll(async () => {
    twilio = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        placed.push(new URLSearchParams(body));
        res.writeHead(201, { 'content-type': 'application/json' }).end(`{"sid":"CA${placed.length}"}`);
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    app = await startTestApp({
      env: { TWILIO_API_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}` },
    });
    [owner, other] = [await createTestUser(app), await createTestUser(app)];
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
  }, 120_000);
  afterAll(async () => {
    twilio?.closeAllConnections();
    await new Promise((resolve) => twilio?.close(resolve));
    await app?.close();
  });

  /** Twilio's POST to a call's StatusCallback, signed with `token` (or with the given signature). */
  const callback = (statusUrl: string, params: Record<string, string>, signature?: string, token = TOKEN) =>
    app.request(statusUrl.slice(app.url.length), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature !== '' && {
          'x-twilio-signature': signature ?? twilioSignature(token, statusUrl, params),
        }),
      },
      body: new URLSearchParams(params).toString(),
    });

  it('marks batch recipients whose calls were never answered as failed with the reason', async () => {
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Reminders',
      conversationConfig: { agent: { firstMessage: 'Hello.' } },
    });
    const { phoneNumberId } = await client.conversationalAi.phoneNumbers.create({
      provider: 'twilio',
      phoneNumber: '+15551230021',
      label: 'Outbound',
      sid: SID,
      token: TOKEN,
    });
    const batch = await client.conversationalAi.batchCalls.create({
      callName: 'Unanswered',
      agentId,
      agentPhoneNumberId: phoneNumberId,
      targetConcurrencyLimit: 2,
      recipients: [{ phoneNumber: '+15550000011' }, { phoneNumber: '+15550000012' }],
    });
    const recipients = async () =>
      (await client.conversationalAi.batchCalls.get(batch.id)).recipients.map((r) => [
        r.phoneNumber,
        r.status,
        (r as { error?: string }).error,
      ]);
    // Both calls are placed with a StatusCallback naming the number and the call's conversation.
    await waitFor(async () => placed.length === 2 && (await recipients()).every((r) => r[1] === 'initiated'));
    const callbackOf = async (to: string) => {
      const form = placed.find((p) => p.get('To') === to)!;
      expect(form.get('StatusCallbackMethod')).toBe('POST');
      expect(form.get('StatusCallbackEvent')).toBe('initiated ringing answered completed');
      const got = await client.conversationalAi.batchCalls.get(batch.id);
      const conversationId = got.recipients.find((r) => r.phoneNumber === to)!.conversationId!;
      expect(form.get('StatusCallback')).toBe(
        `${app.url}/v1/convai/twilio/call-status?phone_number_id=${phoneNumberId}&conversation_id=${conversationId}`,
      );
      return form.get('StatusCallback')!;
    };
    const first = await callbackOf('+15550000011');
    const second = await callbackOf('+15550000012');
    const params = (status: string, to: string) => ({
      AccountSid: SID,
      CallSid: 'CA1',
      CallStatus: status,
      From: '+15551230021',
      To: to,
    });

    // Unsigned, forged, or signed for another account: refused, nothing changes.
    for (const response of [
      await callback(first, params('no-answer', '+15550000011'), ''),
      await callback(first, params('no-answer', '+15550000011'), undefined, 'not-the-token'),
      await callback(first, { ...params('no-answer', '+15550000011'), AccountSid: OTHER_SID }),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        detail: {
          status: 'invalid_twilio_signature',
          message: 'The request is not signed by Twilio for a number here.',
        },
      });
    }
    expect(await recipients()).toEqual([
      ['+15550000011', 'initiated', undefined],
      ['+15550000012', 'initiated', undefined],
    ]);

    // Signed: ringing changes nothing; no-answer and busy fail the recipients with the reason.
    expect((await callback(first, params('ringing', '+15550000011'))).status).toBe(204);
    expect((await callback(first, params('no-answer', '+15550000011'))).status).toBe(204);
    expect((await callback(second, params('busy', '+15550000012'))).status).toBe(204);
    expect(await recipients()).toEqual([
      ['+15550000011', 'failed', 'Nobody answered the call.'],
      ['+15550000012', 'failed', 'The line was busy.'],
    ]);
    // A late "completed" does not bring a failed recipient back; the batch has failed as a whole.
    expect((await callback(first, params('completed', '+15550000011'))).status).toBe(204);
    await waitFor(async () => (await client.conversationalAi.batchCalls.get(batch.id)).status === 'failed');
    expect((await recipients())[0]).toEqual(['+15550000011', 'failed', 'Nobody answered the call.']);
  });

  it("ignores another workspace's number signing a callback for this workspace's call", async () => {
    const theirs = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    const { phoneNumberId: theirNumber } = await theirs.conversationalAi.phoneNumbers.create({
      provider: 'twilio',
      phoneNumber: '+15551230029',
      label: 'Theirs',
      sid: OTHER_SID,
      token: 'their-token',
    });
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Mine',
      conversationConfig: { agent: { firstMessage: 'Hi.' } },
    });
    const { phoneNumberId } = await client.conversationalAi.phoneNumbers.create({
      provider: 'twilio',
      phoneNumber: '+15551230022',
      label: 'Mine',
      sid: SID,
      token: TOKEN,
    });
    const batch = await client.conversationalAi.batchCalls.create({
      callName: 'Mine',
      agentId,
      agentPhoneNumberId: phoneNumberId,
      recipients: [{ phoneNumber: '+15550000013' }],
    });
    const conversationId = await waitFor(
      async () => (await client.conversationalAi.batchCalls.get(batch.id)).recipients[0]!.conversationId,
    );
    const url = `${app.url}/v1/convai/twilio/call-status?phone_number_id=${theirNumber}&conversation_id=${conversationId}`;
    const params = { AccountSid: OTHER_SID, CallSid: 'CA9', CallStatus: 'busy', To: '+15550000013' };
    expect((await callback(url, params, undefined, 'their-token')).status).toBe(204);
    const got = await client.conversationalAi.batchCalls.get(batch.id);
    expect(got.recipients[0]).toMatchObject({ status: 'initiated' });
  });
});
