import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmStandIn } from '../../testing/llm-stand-in';
import { ProtocolClient } from '../../testing/protocol-client';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

describe(`tool usage statistics on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;
  let llm: Awaited<ReturnType<typeof startLlmStandIn>>;

  beforeAll(async () => {
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    llm = await startLlmStandIn();
    await app.request('/v1/convai/llm', {
      method: 'PUT',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ base_url: llm.baseUrl, model: 'stand-in-1' }),
    });
  }, 120_000);
  afterAll(async () => {
    await llm?.close();
    await app?.close();
  });

  it('counts each tool’s calls from the conversation records', async () => {
    const created = await client.conversationalAi.tools.create({
      toolConfig: {
        type: 'client',
        name: 'show_banner',
        description: 'Shows the banner',
        expectsResponse: true,
      } as never,
    });
    const unused = await client.conversationalAi.tools.create({
      toolConfig: { type: 'client', name: 'open_map', description: 'Opens the map' } as never,
    });
    expect((await client.conversationalAi.tools.get(created.id)).usageStats.totalCalls).toBe(0);
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Shop',
      conversationConfig: {
        agent: { firstMessage: 'Hi.', prompt: { prompt: 'Shop.', toolIds: [created.id, unused.id] } },
        conversation: { textOnly: true },
      },
    });
    const c = await ProtocolClient.open(
      `${app.url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agentId}`,
      { 'xi-api-key': owner.apiKey },
    );
    c.send({ type: 'conversation_initiation_client_data' });
    const meta = await c.next((e) => e.type === 'conversation_initiation_metadata');
    await c.next((e) => e.type === 'agent_response');
    for (const n of [1, 2]) {
      c.send({ type: 'user_message', text: `call show_banner ${n}` });
      const call = await c.next(
        (e) =>
          e.type === 'client_tool_call' && c.events.filter((x) => x.type === 'client_tool_call').length === n,
      );
      c.send({
        type: 'client_tool_result',
        tool_call_id: call.client_tool_call.tool_call_id,
        result: 'shown',
        is_error: false,
      });
      await c.next(
        (e) =>
          e.type === 'agent_response' && c.events.filter((x) => x.type === 'agent_response').length === n + 1,
      );
    }
    c.ws.close();
    const conversationId = meta.conversation_initiation_metadata_event.conversation_id as string;
    await waitFor(
      async () => (await client.conversationalAi.conversations.get(conversationId)).status === 'done',
    );

    const stats = (await client.conversationalAi.tools.get(created.id)).usageStats;
    expect(stats.totalCalls).toBe(2);
    expect(stats.avgLatencySecs).toBeGreaterThanOrEqual(0);
    const record = await client.conversationalAi.conversations.get(conversationId);
    const latencies = record.transcript
      .flatMap((t) => t.toolResults ?? [])
      .map((r) => (r as { toolLatencySecs?: number }).toolLatencySecs);
    expect(latencies).toHaveLength(2);
    expect(latencies.every((l) => typeof l === 'number')).toBe(true);
    const listed = await client.conversationalAi.tools.list();
    const byName = Object.fromEntries(
      listed.tools.map((t) => [(t.toolConfig as { name: string }).name, t.usageStats.totalCalls]),
    );
    expect(byName).toMatchObject({ show_banner: 2, open_map: 0 });
  }, 90_000);
});
