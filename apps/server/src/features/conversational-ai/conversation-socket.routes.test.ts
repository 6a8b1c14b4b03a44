import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { resample } from '@vocalis/speech/audio/resample';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convaiConversations } from '../../db/schema/conversational-ai';
import { workspaces } from '../../db/schema/workspaces';
import { startLlmStandIn } from '../../testing/llm-stand-in';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { ProtocolClient, type ProtocolEvent as Event } from '../../testing/protocol-client';

const silence = (s: number) => new Int16Array(Math.round(16000 * s));
const concat = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const agentAudio = (events: Event[], eventId?: number) =>
  Buffer.concat(
    events
      .filter((e) => e.type === 'audio' && (eventId === undefined || e.audio_event.event_id === eventId))
      .map((e) => Buffer.from(e.audio_event.audio_base_64 as string, 'base64')),
  );
const rms = (b: Buffer) => {
  const s = new Int16Array(b.buffer, b.byteOffset, b.length >> 1);
  let sum = 0;
  for (const v of s) sum += v * v;
  return Math.sqrt(sum / Math.max(1, s.length));
};

describe(`talking to an agent over the conversation socket on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let llm: Awaited<ReturnType<typeof startLlmStandIn>>;
  let question: Int16Array;
  let wsBase: string;
  let agentId: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    llm = await startLlmStandIn();
    const s = await synthesizeToPcm({
      engine: createFliteEngine(),
      voice: 'kal16',
      text: 'What time do you open on Sunday?',
    });
    question = await resample(s.pcm, s.sampleRate, 16000);
    wsBase = app.url.replace('http', 'ws');
    await app.request('/v1/convai/llm', {
      method: 'PUT',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ base_url: llm.baseUrl, model: 'stand-in-1' }),
    });
    agentId = (
      await client.conversationalAi.agents.create({
        name: 'Talker',
        conversationConfig: {
          agent: {
            firstMessage: 'Hello there.',
            language: 'en',
            prompt: {
              prompt: 'You help {{name}}.',
              tools: [
                {
                  type: 'client',
                  name: 'show_banner',
                  description: 'Shows a banner',
                  expectsResponse: true,
                } as never,
              ],
            },
          },
          conversation: { maxDurationSeconds: 120 },
        },
        platformSettings: { overrides: { conversationConfigOverride: { agent: { firstMessage: true } } } },
      })
    ).agentId;
  }, 120_000);
  afterAll(async () => {
    await llm?.close();
    await app?.close();
  });

  it('greets, hears spoken audio, answers with the language model in speech, runs a client tool, is interrupted, and is stored', async () => {
    const c = await ProtocolClient.open(
      `${wsBase}/v1/convai/conversation?agent_id=${agentId}&source=js_sdk&version=1`,
    );
    c.send({
      type: 'conversation_initiation_client_data',
      conversation_config_override: {
        agent: { first_message: 'Hi {{name}}, ask me anything.', language: 'fr' },
      },
      dynamic_variables: { name: 'Ann' },
    });
    const meta = await c.next((e) => e.type === 'conversation_initiation_metadata');
    expect(c.events[0]!.type).toBe('conversation_initiation_metadata');
    const conversationId = meta.conversation_initiation_metadata_event.conversation_id as string;
    expect(meta.conversation_initiation_metadata_event).toMatchObject({
      agent_output_audio_format: 'pcm_16000',
      user_input_audio_format: 'pcm_16000',
    });
    // The first message is overridden (allowed) with the variable filled in; the language is not (not allowed).
    const greeting = await c.next((e) => e.type === 'agent_response');
    expect(greeting.agent_response_event.agent_response).toBe('Hi Ann, ask me anything.');
    const greetingAudio = agentAudio(c.events, greeting.agent_response_event.event_id);
    expect(greetingAudio.length / 2 / 16000).toBeGreaterThan(0.8);
    expect(rms(greetingAudio)).toBeGreaterThan(300);

    await c.speak(concat(silence(0.5), question, silence(1.2)));
    const heard = await c.next((e) => e.type === 'user_transcript');
    const words = (heard.user_transcription_event.user_transcript as string).toLowerCase();
    expect(words).toMatch(/open|sunday|time/);
    const answer = await c.next(
      (e) =>
        e.type === 'agent_response' &&
        e.agent_response_event.event_id > greeting.agent_response_event.event_id,
    );
    expect(answer.agent_response_event.agent_response).toBe(
      `You said: ${heard.user_transcription_event.user_transcript}.`,
    );
    expect(agentAudio(c.events, answer.agent_response_event.event_id).length / 2 / 16000).toBeGreaterThan(
      0.8,
    );
    expect(llm.requests.at(-1)!.body.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'system', content: expect.stringContaining('You help Ann.') }),
      ]),
    );

    c.send({ type: 'user_message', text: 'please call show_banner' });
    const toolCall = await c.next((e) => e.type === 'client_tool_call');
    expect(toolCall.client_tool_call).toMatchObject({
      tool_name: 'show_banner',
      parameters: { text: 'please call show_banner' },
      expects_response: true,
    });
    c.send({
      type: 'client_tool_result',
      tool_call_id: toolCall.client_tool_call.tool_call_id,
      result: 'banner shown',
      is_error: false,
    });
    const afterTool = await c.next(
      (e) => e.type === 'agent_response' && /tool said/.test(e.agent_response_event.agent_response),
    );
    expect(afterTool.agent_response_event.agent_response).toBe('The tool said: banner shown.');

    // Barge-in: the user speaks while the agent's reply is still playing.
    const before = c.events.length;
    c.send({
      type: 'user_message',
      text: 'Tell me a long story about the opening hours of the shop on every day.',
    });
    const longReply = await c.next((e) => e.type === 'audio' && c.events.indexOf(e) >= before);
    const speakingFrom = c.events.indexOf(longReply);
    await c.speak(concat(question.subarray(0, 16000), silence(0.3)));
    const interruption = await c.next((e) => e.type === 'interruption' && c.events.indexOf(e) > speakingFrom);
    expect(interruption.interruption_event.event_id).toBe(longReply.audio_event.event_id);

    c.ws.close(1000);
    await waitFor(async () => {
      const [row] = await app.database.db
        .select()
        .from(convaiConversations)
        .where(eq(convaiConversations.id, conversationId));
      return row?.status === 'done';
    }, 60_000);

    const list = await client.conversationalAi.conversations.list({ agentId });
    expect(list.conversations.map((x) => x.conversationId)).toContain(conversationId);
    const got = await client.conversationalAi.conversations.get(conversationId);
    expect(got.status).toBe('done');
    expect(got.transcript[0]).toMatchObject({ role: 'agent', message: 'Hi Ann, ask me anything.' });
    expect(
      got.transcript.some(
        (t) => t.role === 'user' && t.message === heard.user_transcription_event.user_transcript,
      ),
    ).toBe(true);
    const toolTurn = got.transcript.find((t) => t.toolCalls?.length);
    expect(toolTurn?.toolCalls?.[0]).toMatchObject({ toolName: 'show_banner', toolHasBeenCalled: true });
    expect(got.transcript.some((t) => t.interrupted === true)).toBe(true);
    expect(got.hasAudio).toBe(true);
    expect(got.metadata.callDurationSecs).toBeGreaterThan(2);

    const audio = await app.request(`/v1/convai/conversations/${conversationId}/audio`, {
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const pcm = await decodeAudio(new Uint8Array(await audio.arrayBuffer()), 16000);
    expect(pcm.length / 16000).toBeGreaterThan(3);

    const otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    const theirs = (await otherClient.conversationalAi.conversations
      .get(conversationId)
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(theirs.statusCode).toBe(404);
    expect((await otherClient.conversationalAi.conversations.list({})).conversations).toEqual([]);

    await client.conversationalAi.conversations.delete(conversationId);
    const gone = (await client.conversationalAi.conversations
      .get(conversationId)
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(gone.statusCode).toBe(404);
  }, 180_000);

  it('a private agent needs a signed URL; the SDK gets one and it opens the conversation it names', async () => {
    const { agentId: privateId } = await client.conversationalAi.agents.create({
      name: 'Private',
      conversationConfig: { agent: { firstMessage: 'Welcome.' }, conversation: { textOnly: true } },
      platformSettings: { auth: { enableAuth: true } },
    });
    const refused = await ProtocolClient.open(`${wsBase}/v1/convai/conversation?agent_id=${privateId}`);
    const error = await refused.next((e) => e.type === 'error');
    expect(error.error_event.error_type).toBe('authorization_required');
    expect((await refused.closed).code).toBe(1008);

    const { signedUrl } = await client.conversationalAi.conversations.getSignedUrl({ agentId: privateId });
    expect(signedUrl).toContain('conversation_signature=');
    const c = await ProtocolClient.open(signedUrl);
    const meta = await c.next((e) => e.type === 'conversation_initiation_metadata');
    expect(signedUrl).toContain(
      encodeURIComponent(meta.conversation_initiation_metadata_event.conversation_id as string),
    );
    const welcome = await c.next((e) => e.type === 'agent_response');
    expect(welcome.agent_response_event.agent_response).toBe('Welcome.');
    expect(c.events.some((e) => e.type === 'audio')).toBe(false);
    c.ws.close(1000);
    await c.closed;

    const again = await ProtocolClient.open(signedUrl);
    expect((await again.next((e) => e.type === 'error')).error_event.error_type).toBe(
      'conversation_already_started',
    );

    const forged = await ProtocolClient.open(`${signedUrl.slice(0, -4)}AAAA`);
    expect((await forged.next((e) => e.type === 'error')).error_event.error_type).toBe('invalid_signature');
  }, 60_000);

  it('refuses a conversation past the plan: calls at once and minutes per month', async () => {
    const user = await createTestUser(app);
    const c2 = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
    const { agentId: id } = await c2.conversationalAi.agents.create({
      conversationConfig: { conversation: { textOnly: true } },
    });
    const base = { workspaceId: user.workspaceId, agentId: id, agentName: 'x', mode: 'scripted' };
    await app.database.db
      .insert(convaiConversations)
      .values(
        [1, 2, 3, 4].map((i) => ({ ...base, id: `busy_${user.workspaceId}_${i}`, status: 'in-progress' })),
      );
    const busy = await ProtocolClient.open(`${wsBase}/v1/convai/conversation?agent_id=${id}`);
    const e1 = await busy.next((e) => e.type === 'error');
    expect(e1.error_event).toEqual({
      error_type: 'too_many_concurrent_conversations',
      message:
        'Your workspace already holds 4 conversations at once, the most its plan allows. Try again when one has ended.',
    });
    expect((await busy.closed).code).toBe(1013);

    await app.database.db
      .update(convaiConversations)
      .set({ status: 'done', durationSeconds: 900 })
      .where(eq(convaiConversations.id, `busy_${user.workspaceId}_1`));
    await app.database.db
      .update(convaiConversations)
      .set({ status: 'done' })
      .where(eq(convaiConversations.workspaceId, user.workspaceId));
    const spent = await ProtocolClient.open(`${wsBase}/v1/convai/conversation?agent_id=${id}`);
    expect((await spent.next((e) => e.type === 'error')).error_event.message).toBe(
      'Your workspace has used all 15 conversational minutes of its plan this month. Upgrade the plan or wait for the next month to talk to agents again.',
    );
    // The next plan up has minutes left.
    await app.database.db
      .update(workspaces)
      .set({ subscriptionTier: 'starter' })
      .where(eq(workspaces.id, user.workspaceId));
    const ok = await ProtocolClient.open(`${wsBase}/v1/convai/conversation?agent_id=${id}`);
    await ok.next((e) => e.type === 'conversation_initiation_metadata');
    ok.ws.close(1000);
    await ok.closed;
  }, 60_000);
});
