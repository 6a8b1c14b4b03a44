import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convaiAgents } from '../../db/schema/conversational-ai';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };

describe(`agents on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(() => app?.close());

  const rows = async (workspaceId: string) =>
    (
      await app.database.db
        .select({ n: count() })
        .from(convaiAgents)
        .where(eq(convaiAgents.workspaceId, workspaceId))
    )[0]!.n;
  const raw = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    app.request(path, {
      ...init,
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });

  it('creates an agent with the SDK and gets it back with its whole configuration', async () => {
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Support desk',
      tags: ['support'],
      conversationConfig: {
        agent: {
          firstMessage: 'Hello {{name}}, how can I help?',
          language: 'en',
          prompt: {
            prompt: 'You answer questions about opening hours.',
            llm: 'gpt-4o-mini',
            temperature: 0.3,
          },
        },
        tts: { voiceId: 'cZu6SI8gppUv1kFPCYh3', stability: 0.6, speed: 1.1 },
        turn: { turnTimeout: 9, silenceEndCallTimeout: 30 },
        conversation: { maxDurationSeconds: 300 },
      },
      platformSettings: {
        evaluation: {
          criteria: [{ id: 'solved', name: 'Solved', conversationGoalPrompt: 'The question was answered.' }],
        },
        dataCollection: { email: { type: 'string', description: 'The caller email' } },
        privacy: { recordVoice: true, retentionDays: 30 },
        widget: { variant: 'compact' },
      },
    });
    expect(agentId).toMatch(/^agent_/);
    const agent = await client.conversationalAi.agents.get(agentId);
    expect(agent.name).toBe('Support desk');
    expect(agent.tags).toEqual(['support']);
    expect(agent.conversationConfig.agent?.firstMessage).toBe('Hello {{name}}, how can I help?');
    expect(agent.conversationConfig.agent?.prompt?.temperature).toBe(0.3);
    expect(agent.conversationConfig.tts?.voiceId).toBe('cZu6SI8gppUv1kFPCYh3');
    expect(agent.conversationConfig.turn?.turnTimeout).toBe(9);
    expect(agent.platformSettings?.evaluation?.criteria?.[0]?.conversationGoalPrompt).toBe(
      'The question was answered.',
    );
    expect(agent.platformSettings?.privacy?.retentionDays).toBe(30);
    expect(agent.platformSettings?.widget?.variant).toBe('compact');
    expect(agent.accessInfo?.isCreator).toBe(true);
    expect(agent.accessInfo?.creatorEmail).toBe(owner.email);
  });

  it('keeps fields it does not know and returns them unchanged', async () => {
    const res = await raw('/v1/convai/agents/create', {
      method: 'POST',
      json: {
        name: 'Keeper',
        conversation_config: {
          agent: { first_message: 'Hi', future_flag: { deep: [1, 2] } },
          brand_new: { a: 1 },
        },
        platform_settings: { something_new: 'kept' },
        top_level_unknown: 7,
      },
    });
    expect(res.status).toBe(200);
    const { agent_id } = (await res.json()) as { agent_id: string };
    const body = (await (await raw(`/v1/convai/agents/${agent_id}`)).json()) as {
      conversation_config: { agent: { future_flag: unknown }; brand_new: unknown };
      platform_settings: { something_new: unknown };
      top_level_unknown: unknown;
      mode: string;
    };
    expect(body.conversation_config.agent.future_flag).toEqual({ deep: [1, 2] });
    expect(body.conversation_config.brand_new).toEqual({ a: 1 });
    expect(body.platform_settings.something_new).toBe('kept');
    expect(body.top_level_unknown).toBe(7);
    expect(body.mode).toBe('scripted');
  });

  it('updates by merging, duplicates and deletes', async () => {
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Merge me',
      conversationConfig: { agent: { firstMessage: 'One', prompt: { prompt: 'Keep this prompt' } } },
    });
    const updated = await client.conversationalAi.agents.update(agentId, {
      conversationConfig: { agent: { firstMessage: 'Two' } },
      name: 'Merged',
    });
    expect(updated.name).toBe('Merged');
    expect(updated.conversationConfig.agent?.firstMessage).toBe('Two');
    expect(updated.conversationConfig.agent?.prompt?.prompt).toBe('Keep this prompt');

    const copy = await client.conversationalAi.agents.duplicate(agentId, { name: 'Merged again' });
    const copied = await client.conversationalAi.agents.get(copy.agentId);
    expect(copied.name).toBe('Merged again');
    expect(copied.conversationConfig.agent?.prompt?.prompt).toBe('Keep this prompt');

    await client.conversationalAi.agents.delete(agentId);
    const gone = await client.conversationalAi.agents.get(agentId).catch((e: unknown) => e);
    expect((gone as ElevenLabsError).statusCode).toBe(404);
    expect((gone as ElevenLabsError).body).toEqual({
      detail: { status: 'agent_not_found', message: `Agent with id ${agentId} was not found.` },
    });
  });

  it('lists a page at a time with a cursor, searches by name', async () => {
    const before = await client.conversationalAi.agents.list({ pageSize: 100 });
    const all = before.agents.length;
    const first = await client.conversationalAi.agents.list({ pageSize: 2 });
    expect(first.agents).toHaveLength(2);
    expect(first.hasMore).toBe(all > 2);
    const second = await client.conversationalAi.agents.list({ pageSize: 2, cursor: first.nextCursor! });
    const ids = new Set([...first.agents, ...second.agents].map((a) => a.agentId));
    expect(ids.size).toBe(Math.min(4, all));
    const found = await client.conversationalAi.agents.list({ search: 'support' });
    expect(found.agents.map((a) => a.name)).toEqual(['Support desk']);
    expect(found.agents[0]!.voiceId).toBe('cZu6SI8gppUv1kFPCYh3');
  });

  it('refuses bad input and leaves nothing behind', async () => {
    const n = await rows(owner.workspaceId);
    const badVoice = await raw('/v1/convai/agents/create', {
      method: 'POST',
      json: { conversation_config: { tts: { voice_id: 'no-such-voice' } } },
    });
    expect(badVoice.status).toBe(400);
    expect(((await badVoice.json()) as Detail).detail.status).toBe('voice_not_found');
    const badDoc = await raw('/v1/convai/agents/create', {
      method: 'POST',
      json: {
        conversation_config: {
          agent: { prompt: { knowledge_base: [{ type: 'text', name: 'x', id: 'nope' }] } },
        },
      },
    });
    expect(badDoc.status).toBe(400);
    expect(((await badDoc.json()) as Detail).detail.status).toBe('knowledge_base_document_not_found');
    const badShape = await raw('/v1/convai/agents/create', {
      method: 'POST',
      json: { conversation_config: { agent: { first_message: 5 } } },
    });
    expect(badShape.status).toBe(422);
    const missing = await raw('/v1/convai/agents/create', { method: 'POST', json: {} });
    expect(missing.status).toBe(422);
    expect(await rows(owner.workspaceId)).toBe(n);
  });

  it('another workspace can neither read nor change an agent', async () => {
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Private',
      conversationConfig: {},
    });
    for (const call of [
      () => otherClient.conversationalAi.agents.get(agentId),
      () => otherClient.conversationalAi.agents.update(agentId, { name: 'Stolen' }),
      () => otherClient.conversationalAi.agents.duplicate(agentId, {}),
      () => otherClient.conversationalAi.agents.delete(agentId),
    ]) {
      const e = (await call().catch((err: unknown) => err)) as ElevenLabsError;
      expect(e.statusCode).toBe(404);
    }
    expect((await otherClient.conversationalAi.agents.list({})).agents).toEqual([]);
    expect((await client.conversationalAi.agents.get(agentId)).name).toBe('Private');
  });
});
