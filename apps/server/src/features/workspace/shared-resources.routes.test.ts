import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DubOptions } from '../../db/schema/dubs';
import { dubs } from '../../db/schema/dubs';
import { voices } from '../../db/schema/voices';
import { workspaceResourceGrants } from '../../db/schema/workspace-admin';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { newId } from '../../lib/ids';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { sdkOutcome } from '../../testing/sdk-outcome';

const KAL = 'cZu6SI8gppUv1kFPCYh3';

/** How the SDK reaches one kind of resource: make one, list, read, change, delete. */
type Kind = {
  type: string;
  create(c: ElevenLabsClient, owner: TestUser): Promise<string>;
  list(c: ElevenLabsClient): Promise<string[]>;
  read(c: ElevenLabsClient, id: string): Promise<unknown>;
  edit(c: ElevenLabsClient, id: string): Promise<unknown>;
  remove(c: ElevenLabsClient, id: string): Promise<unknown>;
};

// One workspace (owner alice, editors bob, dave and erin) and carol's own: every shareable kind of resource of
// Studio, pronunciation, dubbing and agents honours the grants (decision 165) through its own routes.
describe(`shared resources in their features on ${process.env.TEST_DB}`, () => {
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
      type: 'studio_projects',
      create: async (c) => (await c.studio.projects.create({ name: 'Novel' })).project.projectId,
      list: async (c) => (await c.studio.projects.list()).projects.map((p) => p.projectId),
      read: (c, id) => c.studio.projects.get(id),
      edit: (c, id) =>
        c.studio.projects.update(id, {
          name: 'Renamed',
          defaultTitleVoiceId: KAL,
          defaultParagraphVoiceId: KAL,
        }),
      remove: (c, id) => c.studio.projects.delete(id),
    },
    {
      type: 'pronunciation_dictionary',
      create: async (c) =>
        (
          await c.pronunciationDictionaries.createFromRules({
            name: 'Names',
            rules: [{ type: 'alias', stringToReplace: 'UN', alias: 'United Nations' }],
          })
        ).id,
      list: async (c) =>
        (await c.pronunciationDictionaries.list()).pronunciationDictionaries.map((d) => d.id),
      read: (c, id) => c.pronunciationDictionaries.get(id),
      edit: (c, id) => c.pronunciationDictionaries.update(id, { name: 'Renamed' }),
      // Dictionaries are archived, not deleted.
      remove: (c, id) => c.pronunciationDictionaries.update(id, { archived: true }),
    },
    {
      type: 'dubbing',
      // A finished dub (its pipeline is tested in dubbing/): a row is all sharing needs.
      create: async (_c, owner) => {
        const id = newId();
        await app.database.db.insert(dubs).values({
          id,
          workspaceId: alice.workspaceId,
          userId: owner.id,
          name: 'Interview',
          status: 'dubbed',
          requestedSourceLang: 'en',
          sourceLang: 'en',
          targetLangs: ['es'],
          options: {
            numSpeakers: 1,
            startTime: null,
            endTime: null,
            watermark: false,
            highestResolution: false,
            dropBackgroundAudio: false,
            useProfanityFilter: false,
            dubbingStudio: true,
            mode: 'automatic',
          } satisfies DubOptions,
          sourcePath: `dubbing/${alice.workspaceId}/${id}/source.mp3`,
          sourceType: 'mp3',
          isVideo: false,
          durationSeconds: 3,
          characters: 0,
          expectedDuration: 3,
        });
        return id;
      },
      list: async (c) => (await c.dubbing.list()).dubs.map((d) => d.dubbingId),
      read: (c, id) => c.dubbing.get(id),
      edit: (c, id) => c.dubbing.resource.speaker.create(id, { speakerName: 'Bea' }),
      remove: (c, id) => c.dubbing.delete(id),
    },
    {
      type: 'convai_agents',
      create: async (c) =>
        (await c.conversationalAi.agents.create({ name: 'Front desk', conversationConfig: {} })).agentId,
      list: async (c) => (await c.conversationalAi.agents.list()).agents.map((a) => a.agentId),
      read: (c, id) => c.conversationalAi.agents.get(id),
      edit: (c, id) => c.conversationalAi.agents.update(id, { name: 'Renamed' }),
      remove: (c, id) => c.conversationalAi.agents.delete(id),
    },
  ];

  const grantsOf = (resourceId: string) =>
    app.database.db
      .select()
      .from(workspaceResourceGrants)
      .where(eq(workspaceResourceGrants.resourceId, resourceId));

  /** A cloned voice of alice's workspace made by `owner` (cloning itself is tested in voices/). */
  const addVoice = (id: string, owner: TestUser) =>
    app.database.db.insert(voices).values({
      id,
      workspaceId: alice.workspaceId,
      createdBy: owner.id,
      name: 'Dave narrator',
      category: 'cloned',
      profile: {
        version: 1,
        gender: 'female',
        measure: {},
        renderings: {
          flite: { voice: 'slt', prosody: { pitch: 1, rate: 1, pitchVariation: 1 }, brightnessDb: 0 },
          rhvoice: undefined,
          espeak: undefined,
        },
      },
    });

  beforeAll(async () => {
    app = await startTestApp();
    [alice, bob, carol, dave, erin] = [
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
    ];
    // The Studio projects API needs a paid plan.
    await app.database.db
      .update(workspaces)
      .set({ subscriptionTier: 'creator' })
      .where(inArray(workspaces.id, [alice.workspaceId, carol.workspaceId]));
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
      // dave creates it; with nothing shared every member works on it (the baseline is editor).
      const id = await kind.create(sdk(dave), dave);
      expect(await kind.list(sdk(bob))).toContain(id);
      expect((await outcome(kind.read(sdk(bob), id))).status).toBe(200);

      // dave makes it private: bob has no grant, so it is gone from his lists and reads like a stranger's.
      await sdk(dave).workspace.resources.unshare(id, {
        resourceType: kind.type as never,
        groupId: 'default',
      });
      expect(await kind.list(sdk(bob))).not.toContain(id);
      for (const call of [kind.read, kind.edit, kind.remove])
        expect((await outcome(call(sdk(bob), id))).status).toBe(404);
      // Another workspace never sees it either.
      expect((await outcome(kind.read(sdk(carol), id))).status).toBe(404);
      // The workspace admin (not its creator) still sees and reads it.
      expect(await kind.list(sdk(alice))).toContain(id);
      expect((await outcome(kind.read(sdk(alice), id))).status).toBe(200);

      // A viewer grant: bob reads it, but may not change or delete it; erin still has nothing.
      await sdk(dave).workspace.resources.share(id, {
        resourceType: kind.type as never,
        role: 'viewer',
        userEmail: bob.email,
      });
      expect(await kind.list(sdk(bob))).toContain(id);
      expect(await kind.list(sdk(erin))).not.toContain(id);
      expect((await outcome(kind.read(sdk(bob), id))).status).toBe(200);
      expect(await outcome(kind.edit(sdk(bob), id))).toEqual({
        status: 403,
        message: 'You need editor access to this resource to change it.',
      });
      expect((await outcome(kind.remove(sdk(bob), id))).status).toBe(403);

      // An editor grant: bob changes it, then deletes it.
      await sdk(dave).workspace.resources.share(id, {
        resourceType: kind.type as never,
        role: 'editor',
        userEmail: bob.email,
      });
      expect((await outcome(kind.edit(sdk(bob), id))).status).toBe(200);
      expect((await outcome(kind.remove(sdk(bob), id))).status).toBe(200);
      // Its grants went with it (decision 215); a dictionary is only archived, so its grants stay.
      if (kind.type !== 'pronunciation_dictionary') expect(await grantsOf(id)).toEqual([]);
      else expect(await grantsOf(id)).toHaveLength(2);
    });
  }

  it('generating with a voice the caller may not read is refused everywhere voices are resolved', async () => {
    const voiceId = 'voiceDavePrivate1';
    await addVoice(voiceId, dave);
    await sdk(dave).workspace.resources.unshare(voiceId, { resourceType: 'voice', groupId: 'default' });
    const notFound = { status: 404, message: `A voice with the voice_id ${voiceId} was not found.` };
    const tts = () => sdk(bob).textToSpeech.convert(voiceId, { text: 'Hello there.' });
    expect(await outcome(tts())).toEqual(notFound);
    expect(
      await outcome(sdk(bob).textToDialogue.convert({ inputs: [{ text: 'Hello there.', voiceId }] })),
    ).toEqual(notFound);
    expect(
      await outcome(
        sdk(bob).speechToSpeech.convert(voiceId, {
          audio: new Blob([new Uint8Array(64)], { type: 'audio/wav' }),
        }),
      ),
    ).toEqual(notFound);
    // Studio and agents refuse to store it (400, as for an unknown voice).
    const project = await outcome(
      sdk(bob).studio.projects.create({ name: 'Uses it', defaultParagraphVoiceId: voiceId }),
    );
    expect(project).toEqual({ status: 400, message: `A voice with the voice_id ${voiceId} was not found.` });
    const agent = await outcome(
      sdk(bob).conversationalAi.agents.create({ conversationConfig: { tts: { voiceId } } }),
    );
    expect(agent).toEqual({ status: 400, message: `A voice with voice_id ${voiceId} was not found.` });
    // Its creator and the workspace admin speak with it; a viewer grant lets bob speak with it too.
    expect((await outcome(sdk(dave).textToSpeech.convert(voiceId, { text: 'Hello there.' }))).status).toBe(
      200,
    );
    expect((await outcome(sdk(alice).textToSpeech.convert(voiceId, { text: 'Hello there.' }))).status).toBe(
      200,
    );
    await sdk(dave).workspace.resources.share(voiceId, {
      resourceType: 'voice',
      role: 'viewer',
      userEmail: bob.email,
    });
    expect((await outcome(tts())).status).toBe(200);
    expect(
      (await outcome(sdk(bob).conversationalAi.agents.create({ conversationConfig: { tts: { voiceId } } })))
        .status,
    ).toBe(200);

    // Deleting the voice takes its grants with it (decision 215).
    expect(await grantsOf(voiceId)).toHaveLength(2);
    await sdk(dave).voices.delete(voiceId);
    expect(await grantsOf(voiceId)).toEqual([]);
  });

  it('a service account is offered by its key and, once granted, its key reads the private resource', async () => {
    const { serviceAccountUserId: sa } = await sdk(alice).serviceAccounts.create({ name: 'Publishing bot' });
    const { keyId, xiApiKey } = await sdk(alice).serviceAccounts.apiKeys.create(sa, {
      name: 'production',
      permissions: 'all',
    });
    const bot = new ElevenLabsClient({ apiKey: xiApiKey, baseUrl: app.url });
    const { agentId } = await sdk(dave).conversationalAi.agents.create({
      name: 'Private',
      conversationConfig: {},
    });
    await sdk(dave).workspace.resources.unshare(agentId, {
      resourceType: 'convai_agents',
      groupId: 'default',
    });
    expect((await outcome(bot.conversationalAi.agents.get(agentId))).status).toBe(404);

    const res = await app.request(`/v1/workspace/resources/${agentId}?resource_type=convai_agents`, {
      headers: { 'xi-api-key': dave.apiKey },
    });
    const meta = (await res.json()) as { share_options: { name: string; id: string; type: string }[] };
    expect(meta.share_options).toContainEqual({
      name: 'Publishing bot (production)',
      id: keyId,
      type: 'key',
    });
    await sdk(dave).workspace.resources.share(agentId, {
      resourceType: 'convai_agents',
      role: 'viewer',
      workspaceApiKeyId: keyId,
    });
    expect((await bot.conversationalAi.agents.get(agentId)).name).toBe('Private');
    expect(await outcome(bot.conversationalAi.agents.update(agentId, { name: 'Mine' }))).toEqual({
      status: 403,
      message: 'You need editor access to this resource to change it.',
    });
  });
});
