import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolClient } from '../../testing/protocol-client';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };

describe(`the embeddable widget's settings and script on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;
  let agentId: string;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    ({ agentId } = await client.conversationalAi.agents.create({
      name: 'Shop',
      conversationConfig: { agent: { firstMessage: 'Welcome to the shop.', language: 'en' } },
      platformSettings: {
        auth: { allowlist: [{ hostname: 'shop.example' }] },
        widget: {
          bgColor: '#fef3c7',
          btnColor: '#0f766e',
          startCallText: 'Call the shop',
          transcriptEnabled: true,
          avatar: { type: 'image', url: 'https://shop.example/face.png' },
        },
      },
    }));
  }, 60_000);
  afterAll(() => app?.close());

  it('answers the agent’s widget settings to the SDK, defaults filled in', async () => {
    const got = await client.conversationalAi.agents.widget.get(agentId);
    expect(got.agentId).toBe(agentId);
    expect(got.widgetConfig).toMatchObject({
      bgColor: '#fef3c7',
      btnColor: '#0f766e',
      startCallText: 'Call the shop',
      endCallText: 'End',
      transcriptEnabled: true,
      avatar: { type: 'image', url: 'https://shop.example/face.png' },
      firstMessage: 'Welcome to the shop.',
      language: 'en',
    });
  });

  it('answers pages of allowed origins (readable cross-origin) and refuses the others', async () => {
    const url = `/v1/convai/agents/${agentId}/widget`;
    const allowed = await app.request(url, { headers: { origin: 'https://shop.example' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await allowed.json()) as { widget_config: { btn_color: string } }).widget_config.btn_color).toBe(
      '#0f766e',
    );
    const refused = await app.request(url, { headers: { origin: 'https://elsewhere.example' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Detail).detail).toEqual({
      status: 'origin_not_allowed',
      message: 'This origin is not allowed to talk to this agent.',
    });
    const missing = await app.request('/v1/convai/agents/agent_nope/widget');
    expect(missing.status).toBe(404);
  });

  it('lets the app’s own pages talk to an agent whatever its allow-list names', async () => {
    const c = await ProtocolClient.open(
      `${app.url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agentId}`,
      { origin: new URL(app.url).origin },
    );
    c.send({ type: 'conversation_initiation_client_data' });
    expect((await c.next((e) => e.type === 'conversation_initiation_metadata')).type).toBe(
      'conversation_initiation_metadata',
    );
    c.ws.close();
    await c.closed;
  });

  it('gives a private agent’s settings only with a conversation signature', async () => {
    const { agentId: privateId } = await client.conversationalAi.agents.create({
      name: 'Private',
      conversationConfig: {},
      platformSettings: { auth: { enableAuth: true } },
    });
    const refused = await app.request(`/v1/convai/agents/${privateId}/widget`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Detail).detail.status).toBe('authorization_required');
    const { signedUrl } = await client.conversationalAi.conversations.getSignedUrl({ agentId: privateId });
    const signature = new URL(signedUrl).searchParams.get('conversation_signature')!;
    const got = await client.conversationalAi.agents.widget.get(privateId, {
      conversationSignature: signature,
    });
    expect(got.agentId).toBe(privateId);
    const forged = await client.conversationalAi.agents.widget
      .get(privateId, { conversationSignature: `${signature}x` })
      .catch((e: unknown) => (e as ElevenLabsError).statusCode);
    expect(forged).toBe(401);
  });

  it('serves the built widget script to any site, and says when it is not built', async () => {
    const before = await app.request('/convai-widget.js');
    expect(before.status).toBe(404);
    expect(((await before.json()) as Detail).detail.status).toBe('widget_not_built');
    mkdirSync(path.join(app.config.webDistDir, 'embed'), { recursive: true });
    writeFileSync(
      path.join(app.config.webDistDir, 'embed/convai-widget.js'),
      'customElements.define("x-y", class {});',
    );
    const res = await app.request('/convai-widget.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await res.text()).toContain('customElements.define');
  });
});
