import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmStandIn } from '../../testing/llm-stand-in';
import { ProtocolClient } from '../../testing/protocol-client';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

describe(`transfer_to_agent on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let llm: Awaited<ReturnType<typeof startLlmStandIn>>;

  beforeAll(async () => {
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    [owner, other] = [await createTestUser(app), await createTestUser(app)];
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

  const frontDesk = (targetId: string) =>
    client.conversationalAi.agents.create({
      name: 'Front desk',
      conversationConfig: {
        agent: {
          firstMessage: 'Front desk here.',
          prompt: {
            prompt: 'You are the front desk.',
            builtInTools: {
              transferToAgent: {
                name: 'transfer_to_agent',
                params: {
                  systemToolType: 'transfer_to_agent',
                  transfers: [
                    {
                      agentId: targetId,
                      condition: 'The user asks about a bill.',
                      transferMessage: 'Let me put you through to billing.',
                    },
                  ],
                },
              } as never,
            },
          },
        },
        conversation: { textOnly: true },
      },
    });

  it('hands the call to the agent the rule names: its first message, then its prompt answers; recorded', async () => {
    const { agentId: billingId } = await client.conversationalAi.agents.create({
      name: 'Billing',
      conversationConfig: {
        agent: {
          firstMessage: 'Billing desk, how can I help?',
          prompt: { prompt: 'You are the billing desk.' },
        },
        conversation: { textOnly: true },
      },
    });
    const { agentId } = await frontDesk(billingId);
    const c = await ProtocolClient.open(
      `${app.url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agentId}`,
      { 'xi-api-key': owner.apiKey },
    );
    c.send({ type: 'conversation_initiation_client_data' });
    const meta = await c.next((e) => e.type === 'conversation_initiation_metadata');
    const conversationId = meta.conversation_initiation_metadata_event.conversation_id as string;
    await c.next((e) => e.type === 'agent_response');
    // The model offers transfer_to_agent with the rule's target; the stand-in calls it when asked to.
    c.send({
      type: 'user_message',
      text: `I have a bill question, call transfer_to_agent agent_id=${billingId}`,
    });
    const said = () =>
      c.events.filter((e) => e.type === 'agent_response').map((e) => e.agent_response_event.agent_response);
    await c.next(
      (e) =>
        e.type === 'agent_response' &&
        e.agent_response_event.agent_response === 'Billing desk, how can I help?',
    );
    expect(said()).toEqual([
      'Front desk here.',
      'Let me put you through to billing.',
      'Billing desk, how can I help?',
    ]);
    const offered = llm.requests.at(-1)!.body as {
      tools?: { function: { name: string; description: string } }[];
    };
    expect(
      offered.tools?.find((t) => t.function.name === 'transfer_to_agent')?.function.description,
    ).toContain('The user asks about a bill.');
    // From now on the billing agent's prompt answers.
    c.send({ type: 'user_message', text: 'What is my balance?' });
    await c.next(
      (e) =>
        e.type === 'agent_response' &&
        e.agent_response_event.agent_response === 'You said: What is my balance?.',
    );
    const last = llm.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(last.messages[0]!.content).toContain('You are the billing desk.');
    expect(
      last.messages.some(
        (m) => m.content === 'Front desk here.' || m.content === 'Billing desk, how can I help?',
      ),
    ).toBe(true);
    c.ws.close();

    await waitFor(
      async () => (await client.conversationalAi.conversations.get(conversationId)).status === 'done',
    );
    const res = await app.request(`/v1/convai/conversations/${conversationId}`, {
      headers: { 'xi-api-key': owner.apiKey },
    });
    const record = (await res.json()) as {
      transcript: {
        role: string;
        message: string;
        tool_calls?: { tool_name: string; params_as_json: string }[];
        tool_results?: { result_value: string }[];
      }[];
      metadata: { agent_transfers?: { agent_id: string; agent_name: string }[] };
    };
    const transfer = record.transcript.find((t) =>
      t.tool_calls?.some((x) => x.tool_name === 'transfer_to_agent'),
    );
    expect(JSON.parse(transfer!.tool_calls![0]!.params_as_json).agent_id).toBe(billingId);
    expect(transfer!.tool_results![0]!.result_value).toBe(`Transferred to ${billingId}.`);
    expect(record.metadata.agent_transfers).toEqual([
      expect.objectContaining({ agent_id: billingId, agent_name: 'Billing' }),
    ]);
  }, 90_000);

  it('refuses an agent the rules do not name, and an agent of another workspace', async () => {
    const { agentId: foreignId } = await new ElevenLabsClient({
      apiKey: other.apiKey,
      baseUrl: app.url,
    }).conversationalAi.agents.create({
      name: 'Elsewhere',
      conversationConfig: { agent: { firstMessage: 'Other workspace.' }, conversation: { textOnly: true } },
    });
    const { agentId } = await frontDesk(foreignId);
    const c = await ProtocolClient.open(
      `${app.url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agentId}`,
      { 'xi-api-key': owner.apiKey },
    );
    c.send({ type: 'conversation_initiation_client_data' });
    await c.next((e) => e.type === 'agent_response');
    c.send({ type: 'user_message', text: 'call transfer_to_agent agent_id=agent_unlisted' });
    await c.next(
      (e) =>
        e.type === 'agent_response' &&
        String(e.agent_response_event.agent_response).startsWith('The tool said:'),
    );
    expect(
      c.events.filter((e) => e.type === 'agent_response').at(-1)!.agent_response_event.agent_response,
    ).toBe('The tool said: agent_unlisted is not an agent this conversation can be transferred to..');
    c.send({ type: 'user_message', text: `call transfer_to_agent agent_id=${foreignId}` });
    const failed = await c.next((e) => e.type === 'error');
    expect(failed.error_event).toEqual({
      error_type: 'transfer_failed',
      message: `The agent ${foreignId} could not take the call.`,
    });
    expect(
      c.events.some(
        (e) => e.type === 'agent_response' && e.agent_response_event.agent_response === 'Other workspace.',
      ),
    ).toBe(false);
    c.ws.close();
  }, 90_000);
});
