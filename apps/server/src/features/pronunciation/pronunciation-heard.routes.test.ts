/**
 * A pronunciation rule changes what is heard (issue 12): speech made through the SDK with and without a
 * dictionary is transcribed by the server's own recogniser (speech to text, PocketSphinx) and the replaced word
 * is heard only with the rule. "tomato" and "potato" were measured to be recognised on every built-in engine
 * (RHVoice, Flite, eSpeak-NG) in "I would like a tomato please." (docs/decisions/210).
 */
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const KAL = 'cZu6SI8gppUv1kFPCYh3';
const SENTENCE = 'I would like a tomato please.';
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter(Boolean);

describe(`pronunciation rules are heard, on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    await app.database.db
      .update(workspaces)
      .set({ subscriptionTier: 'creator' })
      .where(eq(workspaces.id, owner.workspaceId));
  }, 60_000);
  afterAll(() => app?.close());

  /** What the server's recogniser hears in an mp3. */
  const heard = async (audio: ReadableStream<Uint8Array>) => {
    const data = Buffer.from(await new Response(audio).arrayBuffer());
    const res = await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: { data, filename: 'speech.mp3' },
    });
    if (!('text' in res)) throw new Error('expected a transcript');
    return words(res.text);
  };

  it('an alias rule (tomato → potato) makes text to speech say the alias, on the default model', async () => {
    const d = await client.pronunciationDictionaries.createFromRules({
      name: 'Vegetables',
      rules: [{ type: 'alias', stringToReplace: 'tomato', alias: 'potato' }],
    });
    const locator = { pronunciationDictionaryId: d.id, versionId: d.versionId };
    const plain = await heard(await client.textToSpeech.convert(KAL, { text: SENTENCE }));
    const ruled = await heard(
      await client.textToSpeech.convert(KAL, { text: SENTENCE, pronunciationDictionaryLocators: [locator] }),
    );
    expect(plain).toContain('tomato');
    expect(plain).not.toContain('potato');
    expect(ruled).toContain('potato');
    expect(ruled).not.toContain('tomato');
  }, 120_000);

  it('a phoneme rule (IPA) is spoken by eSpeak-NG and left as written by the default English engine', async () => {
    const d = await client.pronunciationDictionaries.createFromRules({
      name: 'Phonemes',
      rules: [{ type: 'phoneme', stringToReplace: 'tomato', phoneme: 'pəˈteɪtoʊ', alphabet: 'ipa' }],
    });
    const locators = [{ pronunciationDictionaryId: d.id, versionId: d.versionId }];
    const espeak = { text: SENTENCE, modelId: 'vocalis_espeak_v1' };
    const plain = await heard(await client.textToSpeech.convert(KAL, espeak));
    const ruled = await heard(
      await client.textToSpeech.convert(KAL, { ...espeak, pronunciationDictionaryLocators: locators }),
    );
    expect(plain).toContain('tomato');
    expect(plain).not.toContain('potato');
    expect(ruled).toContain('potato');
    expect(ruled).not.toContain('tomato');
    const english = await heard(
      await client.textToSpeech.convert(KAL, { text: SENTENCE, pronunciationDictionaryLocators: locators }),
    );
    expect(english).toContain('tomato');
  }, 120_000);

  it("a Studio project's dictionary is heard in its converted chapter", async () => {
    const d = await client.pronunciationDictionaries.createFromRules({
      name: 'Studio vegetables',
      rules: [{ type: 'alias', stringToReplace: 'tomato', alias: 'potato' }],
    });
    const { project } = await client.studio.projects.create({
      name: 'Heard',
      pronunciationDictionaryLocators: [
        JSON.stringify({ pronunciation_dictionary_id: d.id, version_id: d.versionId }),
      ],
      fromContentJson: JSON.stringify([
        { name: 'A', blocks: [{ nodes: [{ type: 'tts_node', text: SENTENCE, voice_id: KAL }] }] },
      ]),
    });
    const pid = project.projectId;
    const cid = (await client.studio.projects.chapters.list(pid)).chapters[0]!.chapterId;
    await client.studio.projects.chapters.convert(pid, cid);
    const snap = await waitFor(
      async () => (await client.studio.projects.chapters.snapshots.list(pid, cid)).snapshots[0],
      120_000,
      200,
    );
    const said = await heard(
      await client.studio.projects.chapters.snapshots.stream(pid, cid, snap.chapterSnapshotId),
    );
    expect(said).toContain('potato');
    expect(said).not.toContain('tomato');
  }, 180_000);
});
