import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convaiKnowledgeChunks } from '../../db/schema/conversational-ai';
import { workspaceResourceGrants } from '../../db/schema/workspace-admin';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { sdkOutcome } from '../../testing/sdk-outcome';

/** How the SDK reaches one kind of resource: make one, list, read, change, delete. */
type Kind = {
  type: 'convai_knowledge_base_documents' | 'convai_tools';
  create(c: ElevenLabsClient): Promise<string>;
  list(c: ElevenLabsClient): Promise<string[]>;
  read(c: ElevenLabsClient, id: string): Promise<unknown>;
  edit(c: ElevenLabsClient, id: string): Promise<unknown>;
  remove(c: ElevenLabsClient, id: string): Promise<unknown>;
};

const tool = (name: string) => ({ type: 'system', name, params: { systemToolType: 'skip_turn' } }) as never;

// One workspace (owner alice, editors bob, dave and erin) and carol's own: knowledge-base documents and tools are
// shared like agents (decision 262), through their own routes and the SDK's workspace.resources.
describe(`shared knowledge-base documents and tools on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  const sdk = (u: TestUser) => new ElevenLabsClient({ apiKey: u.apiKey, baseUrl: app.url });
  /** The HTTP status and message an SDK call ends with (200 when it succeeds). */
  const outcome = async (call: Promise<unknown>) => {
    const { status, message } = await sdkOutcome(call);
    return { status, message };
  };

  const kinds: Kind[] = [
    {
      type: 'convai_knowledge_base_documents',
      create: async (c) =>
        (
          await c.conversationalAi.knowledgeBase.documents.createFromText({
            text: 'The front desk opens at nine.',
            name: 'Hours',
          })
        ).id,
      list: async (c) => (await c.conversationalAi.knowledgeBase.list()).documents.map((d) => d.id),
      read: (c, id) => c.conversationalAi.knowledgeBase.documents.get(id),
      edit: (c, id) =>
        c.conversationalAi.knowledgeBase.documents.update(id, { content: 'The front desk opens at ten.' }),
      remove: (c, id) => c.conversationalAi.knowledgeBase.documents.delete(id),
    },
    {
      type: 'convai_tools',
      create: async (c) => (await c.conversationalAi.tools.create({ toolConfig: tool('skip_turn') })).id,
      list: async (c) => (await c.conversationalAi.tools.list()).tools.map((t) => t.id),
      read: (c, id) => c.conversationalAi.tools.get(id),
      edit: (c, id) => c.conversationalAi.tools.update(id, { toolConfig: tool('skip_turn') }),
      remove: (c, id) => c.conversationalAi.tools.delete(id),
    },
  ];

  const grantsOf = (resourceId: string) =>
    app.database.db
      .select()
      .from(workspaceResourceGrants)
      .where(eq(workspaceResourceGrants.resourceId, resourceId));

  beforeAll(async () => {
    app = await startTestApp();
    [alice, bob, carol, dave, erin] = [
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
    ];
    for (const u of [bob, dave, erin]) {
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
  });
  afterAll(() => app?.close());

  for (const kind of kinds) {
    it(`${kind.type}: no grant hides it, viewer reads, editor changes and deletes, admins see all`, async () => {
      const id = await kind.create(sdk(dave));
      expect(await kind.list(sdk(bob))).toContain(id);
      expect((await outcome(kind.read(sdk(bob), id))).status).toBe(200);

      // dave makes it private: bob has no grant, so it is gone from his lists and reads like a stranger's.
      await sdk(dave).workspace.resources.unshare(id, { resourceType: kind.type, groupId: 'default' });
      expect(await kind.list(sdk(bob))).not.toContain(id);
      for (const call of [kind.read, kind.edit, kind.remove])
        expect((await outcome(call(sdk(bob), id))).status).toBe(404);
      expect((await outcome(kind.read(sdk(carol), id))).status).toBe(404);
      expect(await kind.list(sdk(alice))).toContain(id);
      expect((await outcome(kind.read(sdk(alice), id))).status).toBe(200);

      // A viewer grant: bob reads it but may not change or delete it; erin still has nothing.
      await sdk(dave).workspace.resources.share(id, {
        resourceType: kind.type,
        role: 'viewer',
        userEmail: bob.email,
      });
      expect(await kind.list(sdk(bob))).toContain(id);
      expect(await kind.list(sdk(erin))).not.toContain(id);
      const read = (await kind.read(sdk(bob), id)) as { accessInfo?: { role?: string } };
      expect(read.accessInfo?.role).toBe('viewer');
      expect(await outcome(kind.edit(sdk(bob), id))).toEqual({
        status: 403,
        message: 'You need editor access to this resource to change it.',
      });
      expect((await outcome(kind.remove(sdk(bob), id))).status).toBe(403);

      // An editor grant: bob changes it, then deletes it; its grants go with it (migration 0043).
      await sdk(dave).workspace.resources.share(id, {
        resourceType: kind.type,
        role: 'editor',
        userEmail: bob.email,
      });
      expect((await outcome(kind.edit(sdk(bob), id))).status).toBe(200);
      expect(await grantsOf(id)).toHaveLength(2);
      expect((await outcome(kind.remove(sdk(bob), id))).status).toBe(200);
      expect(await grantsOf(id)).toEqual([]);
    });
  }

  it('an edited document answers with its new text and is searched by it; search skips hidden documents', async () => {
    const kb = (u: TestUser) => sdk(u).conversationalAi.knowledgeBase.documents;
    const open = (await kb(dave).createFromText({ text: 'Parking is free on Sundays.', name: 'Parking' })).id;
    const hidden = (await kb(dave).createFromText({ text: 'Parking staff meet on Mondays.', name: 'Staff' }))
      .id;
    await sdk(dave).workspace.resources.unshare(hidden, {
      resourceType: 'convai_knowledge_base_documents',
      groupId: 'default',
    });
    const search = async (u: TestUser, ids?: string[]) => {
      const q = new URLSearchParams({ query: 'parking' });
      for (const id of ids ?? []) q.append('document_ids', id);
      const res = await app.request(`/v1/convai/knowledge-base/search?${q}`, {
        headers: { 'xi-api-key': u.apiKey },
      });
      return { status: res.status, body: (await res.json()) as { passages?: { document_id: string }[] } };
    };
    const found = (r: { body: { passages?: { document_id: string }[] } }) =>
      new Set(r.body.passages?.map((p) => p.document_id));
    expect(found(await search(dave))).toEqual(new Set([open, hidden]));
    expect(found(await search(bob))).toEqual(new Set([open]));
    expect((await search(bob, [hidden])).status).toBe(404);

    await kb(dave).update(open, { name: 'Parking rules', content: 'Parking costs two euros on weekdays.' });
    const doc = (await kb(bob).get(open)) as { name: string; extractedInnerHtml?: string };
    expect(doc.name).toBe('Parking rules');
    expect(doc.extractedInnerHtml).toBe('Parking costs two euros on weekdays.');
    const chunks = await app.database.db
      .select()
      .from(convaiKnowledgeChunks)
      .where(eq(convaiKnowledgeChunks.documentId, open));
    expect(chunks.map((c) => c.content)).toEqual(['Parking costs two euros on weekdays.']);
  });

  it('an agent may be given only documents and tools its editor may read', async () => {
    const doc = (
      await sdk(dave).conversationalAi.knowledgeBase.documents.createFromText({ text: 'Menu.', name: 'Menu' })
    ).id;
    const toolId = (await sdk(dave).conversationalAi.tools.create({ toolConfig: tool('skip_turn') })).id;
    for (const [id, resourceType] of [
      [doc, 'convai_knowledge_base_documents'],
      [toolId, 'convai_tools'],
    ] as const)
      await sdk(dave).workspace.resources.unshare(id, { resourceType, groupId: 'default' });
    const attach = (u: TestUser, prompt: Record<string, unknown>) =>
      outcome(
        sdk(u).conversationalAi.agents.create({ name: 'Desk', conversationConfig: { agent: { prompt } } }),
      );
    const withDoc = { knowledgeBase: [{ type: 'text', name: 'Menu', id: doc }] };
    const withTool = { toolIds: [toolId] };
    expect(await attach(bob, withDoc)).toEqual({
      status: 400,
      message: `Knowledge base document ${doc} was not found in this workspace.`,
    });
    expect(await attach(bob, withTool)).toEqual({
      status: 400,
      message: `Tool with id ${toolId} was not found.`,
    });
    // Their creator (and, once shared, bob) may attach them.
    expect((await attach(dave, { ...withDoc, ...withTool })).status).toBe(200);
    for (const [id, resourceType] of [
      [doc, 'convai_knowledge_base_documents'],
      [toolId, 'convai_tools'],
    ] as const)
      await sdk(dave).workspace.resources.share(id, { resourceType, role: 'viewer', userEmail: bob.email });
    expect((await attach(bob, { ...withDoc, ...withTool })).status).toBe(200);
  });
});
