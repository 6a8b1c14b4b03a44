import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmStandIn } from '../../testing/llm-stand-in';
import { ProtocolClient } from '../../testing/protocol-client';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { startWebhookReceiver } from '../../testing/webhook-receiver';

describe(`after a call: analysis and the post-call webhook on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;
  let llm: Awaited<ReturnType<typeof startLlmStandIn>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    llm = await startLlmStandIn();
    receiver = await startWebhookReceiver();
    await app.request('/v1/convai/llm', {
      method: 'PUT',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ base_url: llm.baseUrl, model: 'stand-in-1' }),
    });
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await llm?.close();
    await app?.close();
  });

  it('evaluates the call and collects data with the model, stores it, and delivers a signed post_call_transcription', async () => {
    const hook = await app.request('/v1/workspace/webhooks', {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        settings: { auth_type: 'hmac', name: 'Calls', webhook_url: `${receiver.url}/calls` },
        events: ['post_call_transcription'],
      }),
    });
    expect(hook.status).toBe(200);
    const { webhook_secret: secret } = (await hook.json()) as { webhook_secret: string };
    const { agentId } = await client.conversationalAi.agents.create({
      name: 'Orders',
      conversationConfig: { agent: { firstMessage: 'Hello.' }, conversation: { textOnly: true } },
      platformSettings: {
        evaluation: {
          criteria: [
            {
              id: 'found',
              name: 'Order found',
              type: 'prompt',
              conversationGoalPrompt: 'The order was found',
            },
          ],
        },
        dataCollection: {
          order_number: { type: 'string', description: 'The order number' },
          turns: { type: 'integer', description: 'How often the user spoke' },
        },
      } as never,
    });
    const c = await ProtocolClient.open(
      `${app.url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agentId}`,
    );
    c.send({ type: 'conversation_initiation_client_data' });
    const meta = await c.next((e) => e.type === 'conversation_initiation_metadata');
    const conversationId = meta.conversation_initiation_metadata_event.conversation_id as string;
    c.send({ type: 'user_message', text: 'order A7' });
    await c.next(
      (e) => e.type === 'agent_response' && e.agent_response_event.agent_response === 'You said: order A7.',
    );
    c.ws.close();

    const delivery = await waitFor(() => receiver.at('/calls')[0], 30_000);
    const event = await client.webhooks.constructEvent(
      delivery.body,
      delivery.headers['elevenlabs-signature'] as string,
      secret,
    );
    expect(event).toMatchObject({ type: 'post_call_transcription' });
    const data = (event as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ conversation_id: conversationId, agent_id: agentId, status: 'done' });
    const analysis = {
      evaluation_criteria_results: {
        found: { criteria_id: 'found', result: 'success', rationale: 'The stand-in judged it met.' },
      },
      data_collection_results: {
        order_number: {
          data_collection_id: 'order_number',
          value: 'order A7',
          json_schema: { type: 'string', description: 'The order number' },
          rationale: 'From the transcript.',
        },
        turns: {
          data_collection_id: 'turns',
          value: 1,
          json_schema: { type: 'integer', description: 'How often the user spoke' },
          rationale: 'From the transcript.',
        },
      },
      call_successful: 'success',
      transcript_summary: 'The user spoke 1 time(s).',
    };
    expect(data.analysis).toEqual(analysis);
    // The model was asked with the transcript and the goals.
    const asked = llm.requests.find((r) => JSON.stringify(r.body).includes('The order was found'))!;
    expect(JSON.stringify(asked.body.messages)).toContain('user: order A7');

    const raw = await (
      await app.request(`/v1/convai/conversations/${conversationId}`, {
        headers: { 'xi-api-key': owner.apiKey },
      })
    ).json();
    expect((raw as { analysis: unknown }).analysis).toEqual(analysis);
    const got = await client.conversationalAi.conversations.get(conversationId);
    expect(got.analysis?.callSuccessful).toBe('success');
  }, 90_000);
});
