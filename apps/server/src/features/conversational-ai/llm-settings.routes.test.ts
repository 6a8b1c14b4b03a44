import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convaiSecrets } from '../../db/schema/conversational-ai';
import { startLlmStandIn } from '../../testing/llm-stand-in';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import type { LlmEvent } from './chat-completions';

type Detail = { detail: { status: string; message: string } };

describe(`secrets and the workspace language model on ${process.env.TEST_DB}`, () => {
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
    llm = await startLlmStandIn({ apiKey: 'sk-stand-in' });
  }, 60_000);
  afterAll(async () => {
    await llm?.close();
    await app?.close();
  });

  const call = (u: TestUser, path: string, method = 'GET', json?: unknown) =>
    app.request(path, {
      method,
      headers: { 'xi-api-key': u.apiKey, ...(json !== undefined && { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });

  it('stores secrets sealed, lists names only, replaces and deletes them; another workspace sees none', async () => {
    const created = await client.conversationalAi.secrets.create({ name: 'LLM key', value: 'sk-wrong' });
    expect(created).toMatchObject({ type: 'stored', name: 'LLM key' });
    const [row] = await app.database.db
      .select()
      .from(convaiSecrets)
      .where(eq(convaiSecrets.id, created.secretId));
    expect(row!.encryptedValue).not.toContain('sk-wrong');
    const listed = await client.conversationalAi.secrets.list();
    expect(listed.secrets.map((s) => s.name)).toEqual(['LLM key']);
    expect(JSON.stringify(listed)).not.toContain('sk-wrong');

    const dup = await call(owner, '/v1/convai/secrets', 'POST', { name: 'LLM key', value: 'x' });
    expect(dup.status).toBe(409);

    const theirs = await call(other, `/v1/convai/secrets/${created.secretId}`, 'PATCH', {
      name: 'x',
      value: 'y',
    });
    expect(theirs.status).toBe(404);
    expect(
      ((await (await call(other, '/v1/convai/secrets')).json()) as { secrets: unknown[] }).secrets,
    ).toEqual([]);

    await client.conversationalAi.secrets.update(created.secretId, { name: 'LLM key', value: 'sk-stand-in' });
    const temp = await client.conversationalAi.secrets.create({ name: 'temp', value: 'v' });
    await client.conversationalAi.secrets.delete(temp.secretId);
    const gone = (await client.conversationalAi.secrets
      .delete(temp.secretId)
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(gone.statusCode).toBe(404);
  });

  it('configures the language model with its key from a secret; agents then say they use it', async () => {
    const { agentId } = await client.conversationalAi.agents.create({ conversationConfig: {} });
    expect(
      (await (await call(owner, `/v1/convai/agents/${agentId}`)).json()) as { mode: string },
    ).toMatchObject({
      mode: 'scripted',
    });
    const [secret] = (await client.conversationalAi.secrets.list()).secrets;
    const bad = await call(owner, '/v1/convai/llm', 'PUT', {
      base_url: llm.baseUrl,
      model: 'm',
      api_key_secret_id: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Detail).detail.status).toBe('secret_not_found');
    const notUrl = await call(owner, '/v1/convai/llm', 'PUT', { base_url: 'file:///etc/passwd', model: 'm' });
    expect(notUrl.status).toBe(422);

    const res = await call(owner, '/v1/convai/llm', 'PUT', {
      base_url: llm.baseUrl,
      model: 'stand-in-1',
      api_key_secret_id: secret!.secretId,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      configured: true,
      base_url: llm.baseUrl,
      model: 'stand-in-1',
      api_key_secret_id: secret!.secretId,
    });
    expect(
      ((await (await call(owner, `/v1/convai/agents/${agentId}`)).json()) as { mode: string }).mode,
    ).toBe('llm');
    expect(((await (await call(other, '/v1/convai/llm')).json()) as { configured: boolean }).configured).toBe(
      false,
    );

    const inUse = await call(owner, `/v1/convai/secrets/${secret!.secretId}`, 'DELETE');
    expect(inUse.status).toBe(409);
  });

  it('streams text and tool calls from the configured server, with the key from the secret', async () => {
    const model = (await app.conversationalAi.llm.modelFor(owner.workspaceId))!;
    const events: LlmEvent[] = [];
    for await (const e of model.stream(
      { messages: [{ role: 'user', content: 'Hello there' }], temperature: 0.2 },
      new AbortController().signal,
    ))
      events.push(e);
    expect(events.length).toBeGreaterThan(2);
    expect(events.map((e) => (e.type === 'text' ? e.text : '')).join('')).toBe('You said: Hello there.');
    expect(llm.requests.at(-1)!.headers.authorization).toBe('Bearer sk-stand-in');
    expect(llm.requests.at(-1)!.body).toMatchObject({ model: 'stand-in-1', stream: true, temperature: 0.2 });

    const tools = [
      { type: 'function' as const, function: { name: 'show_banner', parameters: { type: 'object' } } },
    ];
    const calls: LlmEvent[] = [];
    for await (const e of model.stream(
      { messages: [{ role: 'user', content: 'please call show_banner' }], tools },
      new AbortController().signal,
    ))
      calls.push(e);
    expect(calls).toEqual([
      {
        type: 'tool_calls',
        calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'show_banner', arguments: JSON.stringify({ text: 'please call show_banner' }) },
          },
        ],
      },
    ]);
  });

  it('says which server failed when the model server refuses the key', async () => {
    await call(owner, '/v1/convai/llm', 'PUT', { base_url: llm.baseUrl, model: 'stand-in-1' });
    const model = (await app.conversationalAi.llm.modelFor(owner.workspaceId))!;
    const run = async () => {
      for await (const e of model.stream(
        { messages: [{ role: 'user', content: 'x' }] },
        new AbortController().signal,
      ))
        void e;
    };
    await expect(run()).rejects.toThrow(/answered 401/);
    const cleared = await call(owner, '/v1/convai/llm', 'DELETE');
    expect(((await cleared.json()) as { configured: boolean }).configured).toBe(false);
    expect(await app.conversationalAi.llm.modelFor(owner.workspaceId)).toBeNull();
  });
});
