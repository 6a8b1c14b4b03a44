import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioProjects } from '../../db/schema/studio';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { sdkOutcome } from '../../testing/sdk-outcome';

const KAL = 'cZu6SI8gppUv1kFPCYh3';

// One workspace: alice (owner), bob and dave (editors); carol in her own. Dave's dictionary is private: naming it
// in a generation request answers what reading it answers (decision 261).
describe(`dictionaries named in generation requests honour sharing on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let dave: TestUser;
  let carol: TestUser;
  let dictionary: { id: string; versionId: string };
  const sdk = (u: TestUser) => new ElevenLabsClient({ apiKey: u.apiKey, baseUrl: app.url });
  /** The HTTP status and code an SDK call ends with (200 when it succeeds). */
  const outcome = async (call: Promise<unknown>) => {
    const { status, code } = await sdkOutcome(call);
    return { status, code };
  };
  const locator = () => ({ pronunciationDictionaryId: dictionary.id, versionId: dictionary.versionId });
  /** Every request that names dictionaries: text to speech, dialogue, a new Studio project, a project's set. */
  const requests = (u: TestUser, locators = [locator()]) => ({
    tts: () =>
      sdk(u).textToSpeech.convert(KAL, { text: 'The UN met.', pronunciationDictionaryLocators: locators }),
    dialogue: () =>
      sdk(u).textToDialogue.convert({
        inputs: [{ text: 'The UN met.', voiceId: KAL }],
        pronunciationDictionaryLocators: locators,
      }),
    studioCreate: () =>
      sdk(u).studio.projects.create({
        name: 'Uses it',
        pronunciationDictionaryLocators: locators.map((l) =>
          JSON.stringify({
            pronunciation_dictionary_id: l.pronunciationDictionaryId,
            version_id: l.versionId,
          }),
        ),
      }),
    studioSet: async () => {
      const { project } = await sdk(u).studio.projects.create({ name: 'Set later' });
      return sdk(u).studio.projects.pronunciationDictionaries.create(project.projectId, {
        pronunciationDictionaryLocators: locators,
      });
    },
  });

  beforeAll(async () => {
    app = await startTestApp();
    [alice, bob, dave, carol] = [
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
    ];
    await app.database.db
      .update(workspaces)
      .set({ subscriptionTier: 'creator' })
      .where(inArray(workspaces.id, [alice.workspaceId, carol.workspaceId]));
    for (const u of [bob, dave]) {
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
    dictionary = await sdk(dave).pronunciationDictionaries.createFromRules({
      name: 'Private names',
      rules: [{ type: 'alias', stringToReplace: 'UN', alias: 'United Nations' }],
    });
    await sdk(dave).workspace.resources.unshare(dictionary.id, {
      resourceType: 'pronunciation_dictionary',
      groupId: 'default',
    });
  });
  afterAll(() => app?.close());

  it('refuses a private dictionary with the 404 reading it gives, for every request that names one', async () => {
    const read = await outcome(sdk(bob).pronunciationDictionaries.get(dictionary.id));
    expect(read).toEqual({ status: 404, code: 'pronunciation_dictionary_not_found' });
    const projectsBefore = await app.database.db.select().from(studioProjects);
    for (const [name, call] of Object.entries(requests(bob)))
      expect({ name, ...(await outcome(call())) }).toEqual({ name, ...read });
    // No project was created with it (the set-later project exists, without dictionaries).
    const projects = await app.database.db.select().from(studioProjects);
    expect(projects.filter((p) => p.pronunciationLocators.length)).toEqual([]);
    expect(projects.length).toBe(projectsBefore.length + 1);
    // Another workspace, and an unknown dictionary: the same answer, so nothing tells them apart.
    for (const call of Object.values(requests(carol))) expect(await outcome(call())).toEqual(read);
    const unknown = [{ pronunciationDictionaryId: 'nope', versionId: 'nope' }];
    expect(await outcome(requests(bob, unknown).tts())).toEqual(read);
  });

  it('applies it for its creator, the workspace admin and a member it is shared with', async () => {
    const spoken = async (u: TestUser) => {
      const res = await sdk(u).textToSpeech.convertWithTimestamps(KAL, {
        text: 'The UN met.',
        pronunciationDictionaryLocators: [locator()],
      });
      return res.alignment!.characters.join('');
    };
    expect(await spoken(dave)).toBe('The United Nations met.');
    expect(await spoken(alice)).toBe('The United Nations met.');
    await sdk(dave).workspace.resources.share(dictionary.id, {
      resourceType: 'pronunciation_dictionary',
      role: 'viewer',
      userEmail: bob.email,
    });
    expect(await spoken(bob)).toBe('The United Nations met.');
    for (const [name, call] of Object.entries(requests(bob)))
      expect({ name, ...(await outcome(call())) }).toEqual({ name, status: 200 });
    const [stored] = await app.database.db
      .select()
      .from(studioProjects)
      .where(eq(studioProjects.name, 'Uses it'));
    expect(stored!.pronunciationLocators).toEqual([
      { pronunciation_dictionary_id: dictionary.id, version_id: dictionary.versionId },
    ]);
  }, 60_000);
});
