import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convaiConversations } from '../../db/schema/conversational-ai';
import { workspaceMembers } from '../../db/schema/workspaces';
import { newId } from '../../lib/ids';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

// One workspace: alice (owner, admin), bob and erin (editors); carol alone in her own. Bob's agent is made private
// and shared with erin only: its conversations follow the agent (decision 260).
describe(`conversations follow their agent's sharing on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let erin: TestUser;
  let dave: TestUser;
  let carol: TestUser;
  const sdk = (u: TestUser) => new ElevenLabsClient({ apiKey: u.apiKey, baseUrl: app.url });
  const status = async (call: Promise<unknown>) => {
    try {
      await call;
      return 200;
    } catch (error) {
      if (!(error instanceof ElevenLabsError)) throw error;
      return error.statusCode;
    }
  };
  const listed = async (u: TestUser, agentId?: string) =>
    (await sdk(u).conversationalAi.conversations.list(agentId ? { agentId } : {})).conversations.map(
      (c) => c.conversationId,
    );

  /** A stored call of `agentId` with its recording (calls themselves are tested in conversation-socket/). */
  const addConversation = async (agentId: string) => {
    const id = `conv_${newId(24)}`;
    const audioPath = `convai/${alice.workspaceId}/${id}.mp3`;
    await app.files.put(audioPath, new Uint8Array([0xff, 0xfb, 0x90, 0x00]));
    await app.database.db.insert(convaiConversations).values({
      id,
      workspaceId: alice.workspaceId,
      agentId,
      agentName: 'Agent',
      userId: null,
      status: 'done',
      mode: 'scripted',
      audioPath,
      hasAudio: true,
    });
    return id;
  };

  let privateCall: string;
  let openCall: string;

  beforeAll(async () => {
    app = await startTestApp();
    [alice, bob, erin, dave, carol] = [
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
    ];
    for (const u of [bob, erin, dave]) {
      await app.database.db
        .insert(workspaceMembers)
        .values({ workspaceId: alice.workspaceId, userId: u.id, role: 'editor' });
      const res = await app.request('/v1/workspace/switch', {
        method: 'POST',
        headers: { 'xi-api-key': u.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ workspace_id: alice.workspaceId }),
      });
      expect(res.status).toBe(200);
    }
    const privateAgent = (
      await sdk(bob).conversationalAi.agents.create({ name: 'Private desk', conversationConfig: {} })
    ).agentId;
    const openAgent = (
      await sdk(bob).conversationalAi.agents.create({ name: 'Open desk', conversationConfig: {} })
    ).agentId;
    await sdk(bob).workspace.resources.unshare(privateAgent, {
      resourceType: 'convai_agents',
      groupId: 'default',
    });
    await sdk(bob).workspace.resources.share(privateAgent, {
      resourceType: 'convai_agents',
      role: 'viewer',
      userEmail: erin.email,
    });
    privateCall = await addConversation(privateAgent);
    openCall = await addConversation(openAgent);
  });
  afterAll(() => app?.close());

  it('lists only the conversations of agents the caller may read', async () => {
    // The agent's creator, the workspace admin and erin (viewer) see both; dave (no grant) only the open one.
    for (const u of [bob, alice, erin])
      expect(await listed(u)).toEqual(expect.arrayContaining([privateCall, openCall]));
    expect(await listed(dave)).toEqual([openCall]);
    // Filtering by the hidden agent itself gives dave nothing either.
    const [row] = await app.database.db
      .select()
      .from(convaiConversations)
      .where(eq(convaiConversations.id, privateCall));
    expect(await listed(dave, row!.agentId)).toEqual([]);
    // Another workspace sees neither.
    expect(await listed(carol)).toEqual([]);
  });

  it('answers 404 to reading, fetching the audio of or deleting a hidden agent’s conversation', async () => {
    const conversations = sdk(dave).conversationalAi.conversations;
    expect(await status(conversations.get(privateCall))).toBe(404);
    expect(await status(conversations.audio.get(privateCall))).toBe(404);
    expect(await status(conversations.delete(privateCall))).toBe(404);
    const res = await app.request(`/v1/convai/conversations/${privateCall}`, {
      headers: { 'xi-api-key': dave.apiKey },
    });
    expect(await res.json()).toEqual({
      detail: {
        status: 'conversation_not_found',
        message: `Conversation with id ${privateCall} was not found.`,
      },
    });
    // Carol's workspace: the same 404.
    expect(await status(sdk(carol).conversationalAi.conversations.get(openCall))).toBe(404);
    // The open agent's conversation reads normally for dave.
    expect((await conversations.get(openCall)).conversationId).toBe(openCall);
    const audio = await new Response(await conversations.audio.get(openCall)).arrayBuffer();
    expect(new Uint8Array(audio)).toEqual(new Uint8Array([0xff, 0xfb, 0x90, 0x00]));
    // Nothing was deleted.
    expect(await app.database.db.select().from(convaiConversations)).toHaveLength(2);
  });

  it('lets a viewer read but not delete, and the agent’s creator delete', async () => {
    const conversations = sdk(erin).conversationalAi.conversations;
    expect((await conversations.get(privateCall)).conversationId).toBe(privateCall);
    expect(await status(conversations.audio.get(privateCall))).toBe(200);
    expect(await status(conversations.delete(privateCall))).toBe(403);
    expect(await status(sdk(bob).conversationalAi.conversations.delete(privateCall))).toBe(200);
    const left = await app.database.db.select().from(convaiConversations);
    expect(left.map((c) => c.id)).toEqual([openCall]);
  });

  it('a conversation whose agent is gone follows the workspace baseline', async () => {
    const orphan = await addConversation('agent_deleted_long_ago');
    expect(await listed(dave)).toContain(orphan);
    expect(await status(sdk(dave).conversationalAi.conversations.get(orphan))).toBe(200);
  });
});
