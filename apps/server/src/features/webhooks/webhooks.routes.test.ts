import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { AUTO_DISABLE_AFTER_FAILURES } from '@vocalis/domain/webhook-delivery';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhooks } from '../../db/schema/webhooks';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { startWebhookReceiver } from '../../testing/webhook-receiver';

type Delivery = {
  delivery_id: string;
  status: string;
  attempts: number;
  response_status_code: number | null;
};

describe(`webhooks on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    // The receiver is on loopback: an operator's choice (decision 044).
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    receiver = await startWebhookReceiver();
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await app?.close();
  });

  const call = async (user: TestUser, method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: {
        'xi-api-key': user.apiKey,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const deliveries = async (id: string, base = '/v1/workspace/webhooks') =>
    (await call(owner, 'GET', `${base}/${id}/deliveries`)).body.deliveries as Delivery[];
  const deliveryOf = async (webhookId: string, deliveryId: string) =>
    (await deliveries(webhookId)).find((d) => d.delivery_id === deliveryId);
  const hmacWebhook = (name: string, path: string) =>
    client.webhooks.create({ settings: { authType: 'hmac', name, webhookUrl: `${receiver.url}${path}` } });

  it('creates, lists and updates a workspace webhook with the SDK; the test event is signed so the SDK verifies it', async () => {
    const created = await hmacWebhook('Build server', '/signed');
    expect(created.webhookSecret).toMatch(/^wsec_[0-9a-f]{64}$/);
    await client.webhooks.update(created.webhookId, {
      isDisabled: false,
      name: 'Build server',
      events: ['speech_to_text'],
    });
    const { webhooks: listed } = await client.webhooks.list({ includeUsages: true });
    const mine = listed.find((w) => w.webhookId === created.webhookId)!;
    expect(mine).toMatchObject({
      name: 'Build server',
      webhookUrl: `${receiver.url}/signed`,
      authType: 'hmac',
      isDisabled: false,
      isAutoDisabled: false,
      events: ['speech_to_text'],
    });
    expect(mine.usage).toEqual([{ usageType: 'Speech to Text' }]);

    const sent = await call(owner, 'POST', `/v1/workspace/webhooks/${created.webhookId}/test`);
    expect(sent.status).toBe(200);
    const request = await waitFor(() => receiver.at('/signed')[0]);
    const event = await client.webhooks.constructEvent(
      request.body,
      request.headers['elevenlabs-signature'] as string,
      created.webhookSecret!,
    );
    expect(event).toMatchObject({ type: 'webhook_test', data: { webhook_id: created.webhookId } });
    await expect(
      client.webhooks.constructEvent(
        request.body,
        request.headers['elevenlabs-signature'] as string,
        'wrong',
      ),
    ).rejects.toBeInstanceOf(ElevenLabsError);
    const logged = await waitFor(async () => {
      const d = await deliveryOf(created.webhookId, sent.body.delivery_id as string);
      return d?.status === 'delivered' && d;
    });
    expect(logged).toMatchObject({ attempts: 1, response_status_code: 200, response_body: 'thanks' });
  });

  it('retries a delivery the receiver answered 500, with back-off, and logs the second attempt', async () => {
    const created = await hmacWebhook('Flaky receiver', '/flaky');
    receiver.state.answers.push(500);
    const sent = await call(owner, 'POST', `/v1/workspace/webhooks/${created.webhookId}/test`);
    const first = await waitFor(() =>
      deliveryOf(created.webhookId, sent.body.delivery_id as string).then(
        (d) => d?.status === 'retrying' && d,
      ),
    );
    expect(first).toMatchObject({ attempts: 1, response_status_code: 500 });
    const done = await waitFor(
      () =>
        deliveryOf(created.webhookId, sent.body.delivery_id as string).then(
          (d) => d?.status === 'delivered' && d,
        ),
      30_000,
    );
    expect(done).toMatchObject({ attempts: 2, response_status_code: 200 });
    const attempts = receiver.at('/flaky');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.body).toBe(attempts[0]!.body);
    await client.webhooks.constructEvent(
      attempts[1]!.body,
      attempts[1]!.headers['elevenlabs-signature'] as string,
      created.webhookSecret!,
    );
  }, 45_000);

  it(`disables a webhook after ${AUTO_DISABLE_AFTER_FAILURES} failed attempts in a row and tells the admin`, async () => {
    const created = await call(owner, 'POST', '/v1/workspace/webhooks', {
      settings: { auth_type: 'hmac', name: 'Dead receiver', webhook_url: `${receiver.url}/dead` },
      retry_enabled: false,
      events: ['speech_to_text'],
    });
    const id = created.body.webhook_id as string;
    receiver.state.answers.push(...new Array<number>(AUTO_DISABLE_AFTER_FAILURES).fill(503));
    for (let i = 0; i < AUTO_DISABLE_AFTER_FAILURES; i++) {
      expect((await call(owner, 'POST', `/v1/workspace/webhooks/${id}/test`)).status).toBe(200);
    }
    const disabled = await waitFor(async () => {
      const { webhooks: listed } = await client.webhooks.list();
      const w = listed.find((x) => x.webhookId === id);
      return w?.isAutoDisabled && w;
    }, 30_000);
    expect(disabled).toMatchObject({ mostRecentFailureErrorCode: 503 });
    const log = await waitFor(async () => {
      const all = await deliveries(id);
      return all.length === AUTO_DISABLE_AFTER_FAILURES && all.every((d) => d.status === 'failed') && all;
    });
    expect(log.every((d) => d.attempts === 1 && d.response_status_code === 503)).toBe(true);
    const messages = (await call(owner, 'GET', '/v1/messages')).body.messages as {
      title: string;
      severity: string;
    }[];
    expect(messages).toContainEqual(
      expect.objectContaining({ title: 'Webhook "Dead receiver" was disabled', severity: 'error' }),
    );
    // Enabling it again clears the automatic disable.
    await client.webhooks.update(id, { isDisabled: false, name: 'Dead receiver' });
    const { webhooks: after } = await client.webhooks.list();
    expect(after.find((x) => x.webhookId === id)).toMatchObject({ isAutoDisabled: false, isDisabled: false });
  }, 45_000);

  it('delivers a webhook-mode transcription to the workspace webhooks subscribed to speech_to_text', async () => {
    const created = await hmacWebhook('Transcripts', '/stt');
    await client.webhooks.update(created.webhookId, {
      isDisabled: false,
      name: 'Transcripts',
      events: ['speech_to_text'],
    });
    const form = new FormData();
    form.append('model_id', 'scribe_v1');
    form.append('webhook', 'true');
    form.append('file', new Blob([new Uint8Array(encodeWav(new Int16Array(16000), 16000))]), 'quiet.wav');
    const res = await app.request('/v1/speech-to-text', {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey },
      body: form,
    });
    expect(res.status).toBe(200);
    const accepted = (await res.json()) as { request_id: string; transcription_id: string };
    const request = await waitFor(() => receiver.at('/stt')[0], 30_000);
    const event = (await client.webhooks.constructEvent(
      request.body,
      request.headers['elevenlabs-signature'] as string,
      created.webhookSecret!,
    )) as { type: string; data: Record<string, unknown> };
    expect(event.type).toBe('speech_to_text_transcription');
    expect(event.data).toMatchObject({
      request_id: accepted.request_id,
      transcription_id: accepted.transcription_id,
      status: 'completed',
      transcription: { transcription_id: accepted.transcription_id, audio_duration_secs: 1 },
    });
  }, 45_000);

  it('authorises deliveries of an OAuth2 webhook with a client-credentials token from its token URL', async () => {
    const created = await call(owner, 'POST', '/v1/user/webhooks', {
      settings: {
        auth_type: 'oauth2',
        name: 'OAuth receiver',
        webhook_url: `${receiver.url}/oauth`,
        client_id: 'vocalis',
        client_secret: 's3cret',
        token_url: `${receiver.url}/token`,
        scope: 'webhooks',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.webhook_secret).toBeUndefined();
    const id = created.body.webhook_id as string;
    await call(owner, 'POST', `/v1/user/webhooks/${id}/test`);
    const delivered = await waitFor(() => receiver.at('/oauth')[0]);
    expect(delivered.headers.authorization).toBe('Bearer token-from-receiver');
    expect(delivered.headers['elevenlabs-signature']).toBeUndefined();
    const tokenRequest = receiver.at('/token')[0]!;
    expect(tokenRequest.headers.authorization).toBe(
      `Basic ${Buffer.from('vocalis:s3cret').toString('base64')}`,
    );
    expect(new URLSearchParams(tokenRequest.body).get('grant_type')).toBe('client_credentials');
    // A user's webhook is theirs: not among the workspace's.
    const { webhooks: workspaceHooks } = await client.webhooks.list();
    expect(workspaceHooks.map((w) => w.webhookId)).not.toContain(id);
    const own = await call(owner, 'GET', '/v1/user/webhooks');
    expect((own.body.webhooks as { webhook_id: string }[]).map((w) => w.webhook_id)).toEqual([id]);
  });

  it("keeps another workspace's webhooks out of reach (404) and out of its lists", async () => {
    const created = await hmacWebhook('Private', '/private');
    const { webhooks: seen } = await otherClient.webhooks.list();
    expect(seen).toEqual([]);
    for (const [method, path, body] of [
      ['PATCH', `/v1/workspace/webhooks/${created.webhookId}`, { is_disabled: true, name: 'x' }],
      ['DELETE', `/v1/workspace/webhooks/${created.webhookId}`, undefined],
      ['GET', `/v1/workspace/webhooks/${created.webhookId}/deliveries`, undefined],
      ['POST', `/v1/workspace/webhooks/${created.webhookId}/test`, undefined],
      ['POST', `/v1/user/webhooks/${created.webhookId}/test`, undefined],
    ] as const) {
      const res = await call(other, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ detail: { status: 'webhook_not_found', message: 'Webhook not found.' } });
    }
    const form = new FormData();
    form.append('model_id', 'scribe_v1');
    form.append('webhook', 'true');
    form.append('webhook_id', created.webhookId);
    form.append('file', new Blob([new Uint8Array(encodeWav(new Int16Array(8000), 16000))]), 'q.wav');
    const stt = await app.request('/v1/speech-to-text', {
      method: 'POST',
      headers: { 'xi-api-key': other.apiKey },
      body: form,
    });
    expect(stt.status).toBe(404);
    const { webhooks: still } = await client.webhooks.list();
    expect(still.find((w) => w.webhookId === created.webhookId)).toMatchObject({
      isDisabled: false,
      name: 'Private',
    });
    await client.webhooks.delete(created.webhookId);
    expect((await client.webhooks.list()).webhooks.map((w) => w.webhookId)).not.toContain(created.webhookId);
  });

  it('refuses a bad URL, an unknown event and a reserved header, and writes nothing', async () => {
    const before = (
      await app.database.db
        .select({ n: count() })
        .from(webhooks)
        .where(eq(webhooks.workspaceId, other.workspaceId))
    )[0]!.n;
    const cases: [unknown, string][] = [
      [{ settings: { auth_type: 'hmac', name: 'a', webhook_url: 'not a url' } }, 'invalid_webhook_url'],
      [
        { settings: { auth_type: 'hmac', name: 'a', webhook_url: 'ftp://example.com/x' } },
        'invalid_webhook_url',
      ],
      [
        { settings: { auth_type: 'hmac', name: 'a', webhook_url: 'https://example.com' }, events: ['nope'] },
        'invalid_event',
      ],
      [
        {
          settings: { auth_type: 'hmac', name: 'a', webhook_url: 'https://example.com' },
          events: ['voice_library_removal_notice'],
        },
        'invalid_event',
      ],
      [
        {
          settings: {
            auth_type: 'hmac',
            name: 'a',
            webhook_url: 'https://example.com',
            request_headers: { Authorization: 'x' },
          },
        },
        'invalid_request_header',
      ],
    ];
    for (const [body, code] of cases) {
      const path =
        code === 'invalid_event' && JSON.stringify(body).includes('voice_library')
          ? '/v1/user/webhooks'
          : '/v1/workspace/webhooks';
      const res = await call(other, 'POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body.detail as { status: string }).status).toBe(code);
    }
    const after = (
      await app.database.db
        .select({ n: count() })
        .from(webhooks)
        .where(eq(webhooks.workspaceId, other.workspaceId))
    )[0]!.n;
    expect(after).toBe(before);
  });
});
