import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmStandIn } from '../../testing/llm-stand-in';
import { ProtocolClient, type ProtocolEvent as Event } from '../../testing/protocol-client';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

// Decisions 250-251: what the agent editor's Tools, Analysis and Advanced tabs send, as the web app sends it.
describe(`the agent editor's tools, analysis and advanced settings on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let llm: Awaited<ReturnType<typeof startLlmStandIn>>;

  beforeAll(async () => {
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    llm = await startLlmStandIn();
    await call(owner, '/v1/convai/llm', 'PUT', { base_url: llm.baseUrl, model: 'stand-in-1' });
  }, 120_000);
  afterAll(async () => {
    await llm?.close();
    await app?.close();
  });

  const call = (user: TestUser, path: string, method = 'GET', json?: unknown) =>
    app.request(path, {
      method,
      headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  const systemTool = (name: string, params: object = {}) => ({
    type: 'system',
    name,
    description: '',
    params: { system_tool_type: name, ...params },
  });

  it('stores the tabs as the web app sends them and the SDK reads them back; a null data field is removed', async () => {
    const tool = await client.conversationalAi.tools.create({
      toolConfig: {
        type: 'webhook',
        name: 'order_status',
        description: 'Looks up an order',
        apiSchema: { url: 'https://shop.example.com/orders', method: 'GET' },
      } as never,
    });
    const { agentId: target } = await client.conversationalAi.agents.create({
      name: 'Billing',
      conversationConfig: {},
    });
    const created = await call(owner, '/v1/convai/agents/create', 'POST', {
      name: 'Front desk',
      conversation_config: {
        agent: {
          first_message: 'Hello.',
          prompt: {
            prompt: 'Help.',
            tool_ids: [tool.id],
            temperature: 0.4,
            max_tokens: null,
            built_in_tools: {
              end_call: systemTool('end_call'),
              skip_turn: null,
              language_detection: systemTool('language_detection'),
              transfer_to_agent: systemTool('transfer_to_agent', {
                transfers: [
                  {
                    agent_id: target,
                    condition: 'The caller asks about an invoice.',
                    enable_transferred_agent_first_message: true,
                  },
                ],
              }),
            },
          },
        },
        turn: { turn_timeout: 12, silence_end_call_timeout: null },
        conversation: {
          max_duration_seconds: 240,
          text_only: false,
          client_events: ['audio', 'user_transcript', 'agent_response'],
        },
      },
      platform_settings: {
        evaluation: {
          criteria: [
            {
              id: 'solved',
              name: 'Solved',
              conversation_goal_prompt: 'The question was answered.',
              type: 'prompt',
            },
          ],
        },
        data_collection: {
          city: { type: 'string', description: 'The caller’s city' },
          guests: { type: 'integer' },
        },
        privacy: { record_voice: false },
      },
    });
    expect(created.status).toBe(200);
    const { agent_id: agentId } = (await created.json()) as { agent_id: string };

    const got = await client.conversationalAi.agents.get(agentId);
    const prompt = got.conversationConfig.agent!.prompt!;
    expect(prompt.toolIds).toEqual([tool.id]);
    expect(prompt.temperature).toBe(0.4);
    expect(prompt.builtInTools?.endCall?.params).toEqual({ systemToolType: 'end_call' });
    expect(prompt.builtInTools?.skipTurn).toBeUndefined();
    expect(prompt.builtInTools?.transferToAgent?.params).toMatchObject({
      systemToolType: 'transfer_to_agent',
      transfers: [{ agentId: target, condition: 'The caller asks about an invoice.' }],
    });
    expect(got.conversationConfig.turn?.turnTimeout).toBe(12);
    expect(got.conversationConfig.conversation?.maxDurationSeconds).toBe(240);
    expect(got.conversationConfig.conversation?.clientEvents).toEqual([
      'audio',
      'user_transcript',
      'agent_response',
    ]);
    expect(got.platformSettings?.evaluation?.criteria?.map((c) => [c.id, c.conversationGoalPrompt])).toEqual([
      ['solved', 'The question was answered.'],
    ]);
    expect(Object.keys(got.platformSettings?.dataCollection ?? {})).toEqual(['city', 'guests']);
    expect(got.platformSettings?.privacy?.recordVoice).toBe(false);
    // The tool lists the agent that uses it.
    const dependents = await client.conversationalAi.tools.getDependentAgents(tool.id);
    expect(dependents.agents.map((a) => (a as { id: string }).id)).toEqual([agentId]);

    // Save again from the editor: one field removed (null), one kept, transfers off, tool detached.
    const patched = await call(owner, `/v1/convai/agents/${agentId}`, 'PATCH', {
      conversation_config: {
        agent: { prompt: { tool_ids: [], built_in_tools: { transfer_to_agent: null } } },
        turn: { turn_timeout: null },
      },
      platform_settings: {
        data_collection: { city: null, guests: { type: 'integer', description: 'How many' } },
      },
    });
    expect(patched.status).toBe(200);
    const after = (await patched.json()) as {
      conversation_config: { agent: { prompt: Record<string, unknown> }; turn: Record<string, unknown> };
      platform_settings: { data_collection: Record<string, unknown> };
    };
    expect(after.platform_settings.data_collection).toEqual({
      guests: { type: 'integer', description: 'How many' },
    });
    expect(after.conversation_config.agent.prompt.tool_ids).toEqual([]);
    expect(after.conversation_config.agent.prompt.built_in_tools).toMatchObject({
      end_call: { name: 'end_call' },
      transfer_to_agent: null,
    });
    expect(after.conversation_config.turn.turn_timeout).toBeNull();
    const reread = await client.conversationalAi.agents.get(agentId);
    expect(Object.keys(reread.platformSettings?.dataCollection ?? {})).toEqual(['guests']);
    expect(reread.conversationConfig.agent?.prompt?.builtInTools?.transferToAgent).toBeUndefined();

    // Out-of-range advanced settings are refused and change nothing.
    const refused = await call(owner, `/v1/convai/agents/${agentId}`, 'PATCH', {
      conversation_config: { conversation: { max_duration_seconds: 0 } },
    });
    expect(refused.status).toBe(422);
    expect(
      (await client.conversationalAi.agents.get(agentId)).conversationConfig.conversation?.maxDurationSeconds,
    ).toBe(240);

    // Another workspace can neither read nor change these settings.
    const theirs = await call(other, `/v1/convai/agents/${agentId}`, 'PATCH', {
      platform_settings: { data_collection: { guests: null } },
    });
    expect(theirs.status).toBe(404);
    const otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    const err = (await otherClient.conversationalAi.agents
      .get(agentId)
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(err.statusCode).toBe(404);
  });

  /** Starts a spoken reply, then types over it; answers the events from the typed message on. */
  async function typeOverTheAgent(clientEvents: string[] | undefined) {
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Storyteller',
      conversationConfig: {
        agent: { firstMessage: 'Hi.', language: 'en', prompt: { prompt: 'Tell stories.' } },
        conversation: {
          maxDurationSeconds: 120,
          ...(clientEvents ? { clientEvents: clientEvents as never } : {}),
        },
      },
    });
    const c = await ProtocolClient.open(
      `${app.url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agentId}`,
      { 'xi-api-key': owner.apiKey },
    );
    c.send({ type: 'conversation_initiation_client_data' });
    await c.next((e) => e.type === 'agent_response');
    const before = c.events.length;
    c.send({
      type: 'user_message',
      text: 'Tell me a long story about the opening hours of the shop on every day.',
    });
    const speaking = await c.next((e) => e.type === 'audio' && c.events.indexOf(e) >= before);
    c.send({ type: 'user_message', text: 'And on Sunday?' });
    const answer = await c.next(
      (e) => e.type === 'agent_response' && /Sunday/.test(e.agent_response_event.agent_response as string),
    );
    const from = c.events.indexOf(speaking);
    const events: Event[] = c.events.slice(from, c.events.indexOf(answer) + 1);
    c.ws.close(1000);
    return { events, speaking };
  }

  it('lets the user cut the agent off by default, and not when client events leave out interruption', async () => {
    const interruptible = await typeOverTheAgent(undefined);
    expect(interruptible.events.filter((e) => e.type === 'interruption')).toHaveLength(1);

    const patient = await typeOverTheAgent(['audio', 'user_transcript', 'agent_response']);
    expect(patient.events.filter((e) => e.type === 'interruption')).toEqual([]);
    // The whole first reply was said before the answer to the typed question.
    const story = patient.events.find(
      (e) =>
        e.type === 'agent_response' && /long story/.test(e.agent_response_event.agent_response as string),
    );
    expect(story?.agent_response_event.event_id).toBe(patient.speaking.audio_event.event_id);
  });
});
