import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pronunciationDictionaries } from '../../db/schema/studio';
import { workspaces } from '../../db/schema/workspaces';
import { waitFor } from '../../testing/wait-for';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };
const KAL = 'cZu6SI8gppUv1kFPCYh3';
const PLS = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>tomato</grapheme><phoneme>təˈmɑːtoʊ</phoneme></lexeme>
  <lexeme><grapheme>UN</grapheme><alias>United Nations</alias></lexeme>
</lexicon>`;
const bytesOf = async (s: ReadableStream<Uint8Array>) => new TextDecoder().decode(await new Response(s).arrayBuffer());

async function failure(p: Promise<unknown>): Promise<{ status: number; body: Detail }> {
  try {
    await p;
  } catch (e) {
    const err = e as ElevenLabsError;
    return { status: err.statusCode!, body: err.body as Detail };
  }
  throw new Error('expected a failure');
}

describe(`pronunciation dictionaries on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;
  const rows = async (ws: string) =>
    (await app.database.db.select({ n: count() }).from(pronunciationDictionaries).where(eq(pronunciationDictionaries.workspaceId, ws)))[0]!.n;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(() => app?.close());

  it('adds from a PLS file, versions every rule change and downloads each version as PLS', async () => {
    const added = await client.pronunciationDictionaries.createFromFile({ name: 'Book words', description: 'names', file: new File([PLS], 'words.pls') });
    expect(added).toMatchObject({ name: 'Book words', versionRulesNum: 2, description: 'names' });
    const got = await client.pronunciationDictionaries.get(added.id);
    expect(got.latestVersionId).toBe(added.versionId);
    expect(got.rules).toEqual([
      { type: 'phoneme', stringToReplace: 'tomato', phoneme: 'təˈmɑːtoʊ', alphabet: 'ipa' },
      { type: 'alias', stringToReplace: 'UN', alias: 'United Nations' },
    ]);
    const v2 = await client.pronunciationDictionaries.rules.add(added.id, { rules: [{ type: 'alias', stringToReplace: 'Dr', alias: 'Doctor' }] });
    expect(v2.versionRulesNum).toBe(3);
    expect(v2.versionId).not.toBe(added.versionId);
    const v3 = await client.pronunciationDictionaries.rules.remove(added.id, { ruleStrings: ['tomato'] });
    expect(v3.versionRulesNum).toBe(2);
    const first = await bytesOf(await client.pronunciationDictionaries.download(added.id, added.versionId));
    expect(first).toContain('<grapheme>tomato</grapheme>');
    const latest = await bytesOf(await client.pronunciationDictionaries.download(added.id, v3.versionId));
    expect(latest).not.toContain('tomato');
    expect(latest).toContain('<alias>Doctor</alias>');
    const renamed = await client.pronunciationDictionaries.update(added.id, { name: 'Renamed', archived: true });
    expect(renamed.name).toBe('Renamed');
    expect(renamed.archivedTimeUnix).toBeGreaterThan(0);
    const list = await client.pronunciationDictionaries.list();
    expect(list.pronunciationDictionaries.map((d) => d.id)).toEqual([added.id]);
    expect(list.pronunciationDictionaries[0]!.latestVersionId).toBe(v3.versionId);
  });

  it('keeps another workspace out (404) and leaves nothing behind on bad input', async () => {
    const d = await client.pronunciationDictionaries.createFromRules({ name: 'Mine', rules: [{ type: 'alias', stringToReplace: 'a', alias: 'b' }] });
    for (const call of [
      () => otherClient.pronunciationDictionaries.get(d.id),
      () => otherClient.pronunciationDictionaries.update(d.id, { name: 'x' }),
      () => otherClient.pronunciationDictionaries.rules.add(d.id, { rules: [{ type: 'alias', stringToReplace: 'c', alias: 'd' }] }),
      () => otherClient.pronunciationDictionaries.download(d.id, d.versionId),
    ])
      expect((await failure(call())).status).toBe(404);
    expect((await otherClient.pronunciationDictionaries.list()).pronunciationDictionaries).toEqual([]);
    const before = await rows(owner.workspaceId);
    const bad = await failure(client.pronunciationDictionaries.createFromFile({ name: 'Bad', file: new File(['<html/>'], 'x.pls') }));
    expect(bad.status).toBe(400);
    expect(bad.body.detail.status).toBe('invalid_pls');
    expect(await rows(owner.workspaceId)).toBe(before);
  });

  it('applies alias rules in text to speech: the alignment has the alias, the audio is longer, the text as sent is charged', async () => {
    const d = await client.pronunciationDictionaries.createFromRules({ name: 'Aliases', rules: [{ type: 'alias', stringToReplace: 'UN', alias: 'United Nations Organisation' }] });
    const speak = (locators?: object[]) =>
      app.request(`/v1/text-to-speech/${KAL}/with-timestamps`, {
        method: 'POST',
        headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'The UN met.', ...(locators && { pronunciation_dictionary_locators: locators }) }),
      });
    type Timed = { alignment: { characters: string[]; character_end_times_seconds: number[] } };
    const plain = (await (await speak()).json()) as Timed;
    const res = await speak([{ pronunciation_dictionary_id: d.id, version_id: d.versionId }]);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-character-count')).toBe(String('The UN met.'.length));
    const ruled = (await res.json()) as Timed;
    expect(plain.alignment.characters.join('')).toBe('The UN met.');
    expect(ruled.alignment.characters.join('')).toBe('The United Nations Organisation met.');
    expect(ruled.alignment.character_end_times_seconds.at(-1)!).toBeGreaterThan(plain.alignment.character_end_times_seconds.at(-1)! + 0.5);
    const unknown = await speak([{ pronunciation_dictionary_id: 'nope', version_id: 'nope' }]);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Detail).detail.status).toBe('pronunciation_dictionary_not_found');
  }, 60_000);

  it('applies a Studio project\'s dictionaries when it converts', async () => {
    await app.database.db.update(workspaces).set({ subscriptionTier: 'creator' }).where(eq(workspaces.id, owner.workspaceId));
    const d = await client.pronunciationDictionaries.createFromRules({ name: 'Studio', rules: [{ type: 'alias', stringToReplace: 'Dr', alias: 'Doctor' }] });
    const { project } = await client.studio.projects.create({
      name: 'Ruled',
      pronunciationDictionaryLocators: [JSON.stringify({ pronunciation_dictionary_id: d.id, version_id: d.versionId })],
      fromContentJson: JSON.stringify([{ name: 'A', blocks: [{ nodes: [{ type: 'tts_node', text: 'Dr Who.', voice_id: KAL }] }] }]),
    });
    const pid = project.projectId;
    const cid = (await client.studio.projects.chapters.list(pid)).chapters[0]!.chapterId;
    await client.studio.projects.chapters.convert(pid, cid);
    const snaps = await waitFor(async () => {
      const s = await client.studio.projects.chapters.snapshots.list(pid, cid);
      return s.snapshots.length ? s.snapshots : undefined;
    }, 120_000, 200);
    const snap = await client.studio.projects.chapters.snapshots.get(pid, cid, snaps[0]!.chapterSnapshotId);
    expect(snap.characterAlignments[0]!.characters.join('')).toBe('Doctor Who.');
  }, 150_000);

  it('sets a project\'s dictionaries (studio.projects.pronunciationDictionaries.create), refusing unknown ones', async () => {
    await app.database.db.update(workspaces).set({ subscriptionTier: 'creator' }).where(eq(workspaces.id, owner.workspaceId));
    const d = await client.pronunciationDictionaries.createFromRules({ name: 'Set', rules: [{ type: 'alias', stringToReplace: 'x', alias: 'y' }] });
    const { project } = await client.studio.projects.create({ name: 'Dictionaries' });
    expect(
      await client.studio.projects.pronunciationDictionaries.create(project.projectId, {
        pronunciationDictionaryLocators: [{ pronunciationDictionaryId: d.id, versionId: d.versionId }],
      }),
    ).toEqual({ status: 'ok' });
    const raw = (await (await app.request(`/v1/studio/projects/${project.projectId}`, { headers: { 'xi-api-key': owner.apiKey } })).json()) as { pronunciation_dictionaries: unknown };
    expect(raw.pronunciation_dictionaries).toEqual([{ pronunciation_dictionary_id: d.id, version_id: d.versionId }]);
    const bad = await failure(
      client.studio.projects.pronunciationDictionaries.create(project.projectId, { pronunciationDictionaryLocators: [{ pronunciationDictionaryId: 'nope', versionId: 'nope' }] }),
    );
    expect(bad.status).toBe(404);
    expect(bad.body.detail.status).toBe('pronunciation_dictionary_not_found');
    const raw2 = (await (await app.request(`/v1/studio/projects/${project.projectId}`, { headers: { 'xi-api-key': owner.apiKey } })).json()) as { pronunciation_dictionaries: unknown };
    expect(raw2.pronunciation_dictionaries).toEqual(raw.pronunciation_dictionaries);
  });
});
