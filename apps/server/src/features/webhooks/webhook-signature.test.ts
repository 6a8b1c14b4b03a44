import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader } from './webhook-signature';

const client = new ElevenLabsClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9' });

describe('webhook signatures', () => {
  it('are verified by the SDK constructEvent, and a changed body or secret is refused', async () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'webhook_test', event_timestamp: 1, data: { ok: true } });
    const header = signatureHeader(secret, body, Math.floor(Date.now() / 1000));
    await expect(client.webhooks.constructEvent(body, header, secret)).resolves.toEqual(JSON.parse(body));
    await expect(client.webhooks.constructEvent(`${body} `, header, secret)).rejects.toThrow(
      /does not match/,
    );
    await expect(client.webhooks.constructEvent(body, header, newWebhookSecret())).rejects.toThrow(
      /does not match/,
    );
  });

  it('carry the timestamp the SDK checks: an hour-old signature is refused', async () => {
    const secret = newWebhookSecret();
    const header = signatureHeader(secret, '{}', Math.floor(Date.now() / 1000) - 3600);
    await expect(client.webhooks.constructEvent('{}', header, secret)).rejects.toThrow(/tolerance/);
  });
});
