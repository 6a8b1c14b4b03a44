import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmStandIn } from '../../testing/llm-stand-in';
import { ProtocolClient } from '../../testing/protocol-client';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { STILL_THERE } from './conversation-session';

type Detail = { detail: { status: string; message: string } };
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

describe(`conversational-AI tools on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let llm: Awaited<ReturnType<typeof startLlmStandIn>>;
  let receiver: http.Server;
  let receiverUrl: string;
  const seen: Seen[] = [];
  let wsBase: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    llm = await startLlmStandIn();
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        if (req.url!.startsWith('/slow')) return; // never answers
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"shipped on Monday"}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    wsBase = app.url.replace('http', 'ws');
    await app.request('/v1/convai/llm', {
      method: 'PUT',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ base_url: llm.baseUrl, model: 'stand-in-1' }),
    });
  }, 120_000);
  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    await llm?.close();
    await app?.close();
  });

  const call = (user: TestUser, path: string, method = 'GET', body?: unknown) =>
    app.request(path, {
      method,
      headers: { 'xi-api-key': user.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('creates, lists, gets, updates and deletes tools; secrets are checked; agents depending on a tool are listed', async () => {
    const secret = await client.conversationalAi.secrets.create({
      name: 'Orders token',
      value: 's3cret-token',
    });
    const created = await client.conversationalAi.tools.create({
      toolConfig: {
        type: 'webhook',
        name: 'order_status',
        description: 'Looks up an order',
        responseTimeoutSecs: 5,
        apiSchema: {
          url: `${receiverUrl}/orders/{order_id}`,
          method: 'GET',
          pathParamsSchema: { order_id: { type: 'string', description: 'The order number' } },
          queryParamsSchema: { properties: { text: { type: 'string', description: 'What was asked' } } },
          requestHeaders: { Authorization: { secretId: secret.secretId } },
        },
      } as never,
    });
    expect(created.id).toMatch(/^tool_/);
    expect(created.toolConfig).toMatchObject({ type: 'webhook', name: 'order_status' });
    expect(created.accessInfo.isCreator).toBe(true);

    const bad = await call(owner, '/v1/convai/tools', 'POST', {
      tool_config: {
        type: 'webhook',
        name: 'x',
        description: 'y',
        api_schema: { url: 'https://example.com', request_headers: { A: { secret_id: 'nope' } } },
      },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Detail).detail).toEqual({
      status: 'secret_not_found',
      message: 'Secret with id nope was not found.',
    });
    // The secret lists the tool that sends it, and cannot be deleted while it does.
    const [usedSecret] = (await client.conversationalAi.secrets.list()).secrets.filter(
      (s) => s.secretId === secret.secretId,
    );
    expect(usedSecret!.usedBy.tools).toEqual([
      expect.objectContaining({ type: 'available', id: created.id, name: 'order_status' }),
    ]);
    const inUse = await call(owner, `/v1/convai/secrets/${secret.secretId}`, 'DELETE');
    expect(inUse.status).toBe(409);
    expect(((await inUse.json()) as Detail).detail).toEqual({
      status: 'secret_in_use',
      message: 'The tool(s) order_status send this secret in their headers: change them first.',
    });
    const mcp = await call(owner, '/v1/convai/tools', 'POST', { tool_config: { type: 'mcp', name: 'm' } });
    expect(mcp.status).toBe(422);

    const skip = await client.conversationalAi.tools.create({
      toolConfig: { type: 'system', name: 'skip_turn', params: { systemToolType: 'skip_turn' } } as never,
    });
    const listed = await client.conversationalAi.tools.list();
    expect(listed.tools.map((t) => t.id)).toEqual([skip.id, created.id]);
    expect((await client.conversationalAi.tools.list({ types: 'webhook' })).tools.map((t) => t.id)).toEqual([
      created.id,
    ]);
    const updated = await client.conversationalAi.tools.update(created.id, {
      toolConfig: { ...(created.toolConfig as object), description: 'Looks up an order by number' } as never,
    });
    expect((updated.toolConfig as { description: string }).description).toBe('Looks up an order by number');
    expect(
      ((await client.conversationalAi.tools.get(created.id)).toolConfig as { description: string })
        .description,
    ).toBe('Looks up an order by number');

    // Another workspace sees none of it.
    expect((await call(other, `/v1/convai/tools/${created.id}`)).status).toBe(404);
    expect((await call(other, `/v1/convai/tools/${created.id}`, 'DELETE')).status).toBe(404);
    expect(((await (await call(other, '/v1/convai/tools')).json()) as { tools: unknown[] }).tools).toEqual(
      [],
    );

    const missing = await call(owner, '/v1/convai/agents/create', 'POST', {
      conversation_config: { agent: { prompt: { tool_ids: ['tool_missing'] } } },
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Detail).detail.status).toBe('tool_not_found');
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Order desk',
      conversationConfig: { agent: { prompt: { toolIds: [created.id] } } },
    });
    const dependents = await client.conversationalAi.tools.getDependentAgents(created.id);
    expect(dependents.agents).toEqual([
      expect.objectContaining({ type: 'available', id: agentId, name: 'Order desk' }),
    ]);
    expect(
      (await client.conversationalAi.tools.list({ usedByAgentId: agentId })).tools.map((t) => t.id),
    ).toEqual([created.id]);
    const refused = await call(owner, `/v1/convai/tools/${created.id}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Detail).detail.status).toBe('tool_has_dependent_agents');
    await client.conversationalAi.tools.delete(skip.id);
    const gone = await client.conversationalAi.tools
      .get(skip.id)
      .catch((e: unknown) => (e as ElevenLabsError).statusCode);
    expect(gone).toBe(404);
    expect((await call(owner, `/v1/convai/tools/${created.id}?force=true`, 'DELETE')).status).toBe(200);
    // The agent no longer names the deleted tool, so it can still be saved.
    const agent = await client.conversationalAi.agents.get(agentId);
    expect(agent.conversationConfig.agent?.prompt?.toolIds).toEqual([]);
    const saved = await call(owner, `/v1/convai/agents/${agentId}`, 'PATCH', { name: 'Order desk 2' });
    expect(saved.status).toBe(200);
  });

  it('runs webhook tools in a conversation with the secret as a header, and gives up after the timeout', async () => {
    const secret = await client.conversationalAi.secrets.create({
      name: 'Shop token',
      value: 'Bearer shop-123',
    });
    const lookup = await client.conversationalAi.tools.create({
      toolConfig: {
        type: 'webhook',
        name: 'order_lookup',
        description: 'Looks up an order',
        apiSchema: {
          url: `${receiverUrl}/orders`,
          method: 'POST',
          requestBodySchema: {
            type: 'object',
            properties: { text: { type: 'string', description: 'The question' } },
          },
          requestHeaders: { Authorization: { secretId: secret.secretId }, 'X-Shop': 'north' },
        },
      } as never,
    });
    const slow = await client.conversationalAi.tools.create({
      toolConfig: {
        type: 'webhook',
        name: 'slow_lookup',
        description: 'Never answers',
        responseTimeoutSecs: 1,
        apiSchema: { url: `${receiverUrl}/slow`, method: 'GET' },
      } as never,
    });
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Shop',
      conversationConfig: {
        agent: { firstMessage: 'Hello.', prompt: { toolIds: [lookup.id, slow.id] } },
        conversation: { textOnly: true },
      },
    });
    const c = await ProtocolClient.open(`${wsBase}/v1/convai/conversation?agent_id=${agentId}`);
    c.send({ type: 'conversation_initiation_client_data' });
    const meta = await c.next((e) => e.type === 'conversation_initiation_metadata');
    await c.next((e) => e.type === 'agent_response');
    c.send({ type: 'user_message', text: 'please use order_lookup for order 7' });
    const answer = await c.next(
      (e) =>
        e.type === 'agent_response' &&
        String(e.agent_response_event.agent_response).startsWith('The tool said'),
    );
    expect(answer.agent_response_event.agent_response).toBe('The tool said: {"status":"shipped on Monday"}.');
    const hit = seen.find((s) => s.url === '/orders')!;
    expect(hit.method).toBe('POST');
    expect(hit.headers.authorization).toBe('Bearer shop-123');
    expect(hit.headers['x-shop']).toBe('north');
    expect(JSON.parse(hit.body)).toEqual({ text: 'please use order_lookup for order 7' });
    // The secret never reaches the model or the client.
    expect(JSON.stringify(llm.requests)).not.toContain('shop-123');
    expect(JSON.stringify(c.events)).not.toContain('shop-123');

    const before = Date.now();
    c.send({ type: 'user_message', text: 'try slow_lookup' });
    const timedOut = await c.next(
      (e) =>
        e.type === 'agent_response' &&
        String(e.agent_response_event.agent_response).includes('did not answer within 1 seconds'),
    );
    expect(Date.now() - before).toBeGreaterThanOrEqual(1000);
    expect(timedOut.agent_response_event.agent_response).toBe(
      'The tool said: The tool did not answer within 1 seconds..',
    );
    c.ws.close();
    await c.closed;
    const conversationId = meta.conversation_initiation_metadata_event.conversation_id as string;
    await expect
      .poll(async () => (await client.conversationalAi.conversations.get(conversationId)).status, {
        timeout: 20_000,
      })
      .toBe('done');
    const record = await client.conversationalAi.conversations.get(conversationId);
    const results = record.transcript.flatMap((t) => t.toolResults ?? []);
    expect(results).toEqual([
      expect.objectContaining({
        toolName: 'order_lookup',
        resultValue: '{"status":"shipped on Monday"}',
        isError: false,
        type: 'webhook',
      }),
      expect.objectContaining({
        toolName: 'slow_lookup',
        resultValue: 'The tool did not answer within 1 seconds.',
        isError: true,
        type: 'webhook',
      }),
    ]);
  }, 60_000);

  it('runs the system tools skip_turn and language_detection', async () => {
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Quiet',
      conversationConfig: {
        agent: {
          firstMessage: 'Hello.',
          prompt: {
            tools: [
              { type: 'system', name: 'skip_turn', params: { systemToolType: 'skip_turn' } },
              {
                type: 'system',
                name: 'language_detection',
                params: { systemToolType: 'language_detection' },
              },
            ] as never,
          },
        },
        conversation: { textOnly: true },
      },
    });
    const c = await ProtocolClient.open(`${wsBase}/v1/convai/conversation?agent_id=${agentId}`);
    c.send({ type: 'conversation_initiation_client_data' });
    await c.next((e) => e.type === 'agent_response');
    c.send({ type: 'user_message', text: 'hold on, skip_turn' });
    await c.next(
      (e) => e.type === 'user_transcript' && e.user_transcription_event.user_transcript.includes('skip_turn'),
    );
    c.send({ type: 'user_message', text: 'language_detection language=nonsense' });
    await c.next(
      (e) =>
        e.type === 'agent_response' && String(e.agent_response_event.agent_response).includes('nonsense'),
    );
    c.send({ type: 'user_message', text: 'language_detection language=fr' });
    const switched = await c.next(
      (e) => e.type === 'agent_response' && String(e.agent_response_event.agent_response).includes(' fr.'),
    );
    // skip_turn produced no reply; a code that is not a language is refused, a real one switches.
    expect(switched.agent_response_event.agent_response).toBe(
      'The tool said: The conversation continues in fr..',
    );
    expect(
      c.events.filter((e) => e.type === 'agent_response').map((e) => e.agent_response_event.agent_response),
    ).toEqual([
      'Hello.',
      'The tool said: nonsense is not a language code..',
      'The tool said: The conversation continues in fr..',
    ]);
    c.ws.close();
  }, 60_000);

  it('refuses a page whose origin is not in the allow-list, and re-engages a silent user after turn_timeout', async () => {
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Widget only',
      conversationConfig: {
        agent: { firstMessage: 'Hello.' },
        turn: { turnTimeout: 1 },
        conversation: { textOnly: true },
      },
      platformSettings: { auth: { allowlist: [{ hostname: 'shop.example' }] } },
    });
    const refused = await ProtocolClient.open(`${wsBase}/v1/convai/conversation?agent_id=${agentId}`, {
      origin: 'https://evil.example',
    });
    refused.send({ type: 'conversation_initiation_client_data' });
    expect(await refused.closed).toEqual({
      code: 1008,
      reason: 'This origin is not allowed to talk to this agent.',
    });
    expect(refused.events).toEqual([
      {
        type: 'error',
        error_event: {
          error_type: 'origin_not_allowed',
          message: 'This origin is not allowed to talk to this agent.',
        },
      },
    ]);
    const noOrigin = await ProtocolClient.open(`${wsBase}/v1/convai/conversation?agent_id=${agentId}`);
    expect((await noOrigin.closed).code).toBe(1008);

    const c = await ProtocolClient.open(`${wsBase}/v1/convai/conversation?agent_id=${agentId}`, {
      origin: 'https://shop.example',
    });
    c.send({ type: 'conversation_initiation_client_data' });
    await c.next((e) => e.type === 'agent_response');
    const again = await c.next(
      (e) => e.type === 'agent_response' && e.agent_response_event.agent_response === STILL_THERE,
      10_000,
    );
    expect(again).toBeTruthy();
    // Once per silence: no second re-engagement without the user speaking.
    await new Promise((r) => setTimeout(r, 1500));
    expect(c.events.filter((e) => e.type === 'agent_response').length).toBe(2);
    c.ws.close();
  }, 60_000);
});
