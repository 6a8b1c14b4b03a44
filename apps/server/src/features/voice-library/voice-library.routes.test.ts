import os from 'node:os';
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voices } from '../../db/schema/voices';
import { EventBus } from '../../live/event-bus';
import { LocalFileStorage } from '../../storage/local-files';
import type { Config } from '../../config';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { copiedVoicesJob } from './copied-voices.job';
import { startWebhookReceiver } from '../../testing/webhook-receiver';
import { waitFor } from '../../testing/wait-for';

type Detail = { detail: { status: string; message: string } };
const TEXT = 'The birch canoe slid on the smooth planks.';

/** A low male and a high female recording made with the built-in engines, as 16 kHz WAV. */
async function makeRecordings() {
  const low = await synthesizeToPcm({
    engine: await createEspeakEngine(),
    voice: 'en-us+m3',
    text: HARVARD_SENTENCES.slice(0, 6).join(' '),
    prosody: { pitch: 0.8, rate: 1.1 },
  });
  const lowHeldOut = await synthesizeToPcm({
    engine: await createEspeakEngine(),
    voice: 'en-us+m3',
    text: HARVARD_SENTENCES.slice(6, 10).join(' '),
    prosody: { pitch: 0.82, rate: 1.1 },
  });
  const high = await synthesizeToPcm({
    engine: createFliteEngine(),
    voice: 'slt',
    text: HARVARD_SENTENCES.slice(4).join(' '),
    prosody: { pitch: 1.3, rate: 0.9 },
  });
  const wav = (a: { pcm: Int16Array; sampleRate: number }) => encodeWav(a.pcm, a.sampleRate);
  return { low: wav(low), lowHeldOut: wav(lowHeldOut), high: wav(high) };
}

describe(`the voice library on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let third: TestUser;
  let a: ElevenLabsClient;
  let b: ElevenLabsClient;
  let c: ElevenLabsClient;
  let rec: Awaited<ReturnType<typeof makeRecordings>>;
  let lowId: string;
  let highId: string;
  let publicId: string;
  let thirdPublicId: string;
  let copyId: string;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  const file = (bytes: Uint8Array, name: string) =>
    new File([Buffer.from(bytes)], name, { type: 'audio/wav' });
  const call = (u: TestUser, method: string, url: string, body?: unknown) =>
    app.request(url, {
      method,
      headers: { 'xi-api-key': u.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const errorOf = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      if (e instanceof ElevenLabsError) return { status: e.statusCode, body: e.body as Detail };
      throw e;
    }
    throw new Error('expected the call to fail');
  };
  const runJob = (at: Date) =>
    copiedVoicesJob.perform(
      { at: at.toISOString() },
      {
        db: app.database.db,
        config: {} as Config,
        bus: new EventBus(),
        files: new LocalFileStorage(os.tmpdir()),
        log: pino({ level: 'silent' }),
        attempt: 1,
        maxAttempts: 5,
      },
    );

  beforeAll(async () => {
    // The webhook receiver is on loopback: an operator's choice (decision 044).
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    receiver = await startWebhookReceiver();
    [owner, other, third] = [await createTestUser(app), await createTestUser(app), await createTestUser(app)];
    a = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    b = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    c = new ElevenLabsClient({ apiKey: third.apiKey, baseUrl: app.url });
    rec = await makeRecordings();
    lowId = (await a.voices.ivc.create({ name: 'Deep Narrator', files: [file(rec.low, 'low.wav')] })).voiceId;
    highId = (await c.voices.ivc.create({ name: 'Bright Host', files: [file(rec.high, 'high.wav')] }))
      .voiceId;
    publicId = (await (await call(owner, 'GET', '/v1/user')).json()).public_user_id;
    thirdPublicId = (await (await call(third, 'GET', '/v1/user')).json()).public_user_id;
  }, 180_000);
  afterAll(async () => {
    await receiver?.close();
    await app?.close();
  });

  it('shares a voice with its settings; the owner sees notice period and custom rate', async () => {
    const res = await call(owner, 'POST', `/v1/voices/${lowId}/share-library`, {
      notice_period: 3,
      labels: { accent: 'british', age: 'old', use_case: 'narration', descriptive: 'deep' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'enabled',
      public_owner_id: publicId,
      original_voice_id: lowId,
      notice_period: 3,
      custom_rate: null,
      rate: 1,
      enabled_in_library: true,
      free_users_allowed: true,
    });
    const voice = await a.voices.get(lowId);
    expect(voice.sharing).toMatchObject({ status: 'enabled', noticePeriod: 3, publicOwnerId: publicId });

    const refused = await call(owner, 'POST', `/v1/voices/${lowId}/share-library`, { custom_rate: 2 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Detail).detail.status).toBe('invalid_sharing_settings');
    expect((await call(third, 'POST', `/v1/voices/${highId}/share-library`, {})).status).toBe(200);
  });

  it('lists shared voices of every workspace with the SDK filters; others see the multiplier only', async () => {
    const all = await b.voices.getShared({});
    expect(all.voices.map((v) => v.voiceId).sort()).toEqual([lowId, highId].sort());
    expect(all.voices.some((v) => v.voiceId.length < 10)).toBe(false); // no premade voice in the library
    const narr = await b.voices.getShared({
      gender: 'male',
      useCases: ['narration'],
      accent: 'British',
      search: 'deep',
    });
    expect(narr.voices).toHaveLength(1);
    expect(narr.voices[0]).toMatchObject({
      voiceId: lowId,
      publicOwnerId: publicId,
      name: 'Deep Narrator',
      age: 'old',
      rate: 1,
      clonedByCount: 0,
      isAddedByUser: false,
    });
    expect(narr.voices[0]!.noticePeriod).toBeUndefined();
    expect((await b.voices.getShared({ gender: 'female' })).voices.map((v) => v.voiceId)).toEqual([highId]);
    expect((await b.voices.getShared({ descriptives: ['deep'], ownerId: thirdPublicId })).voices).toEqual([]);
    expect((await b.voices.getShared({ minNoticePeriodDays: 5 })).voices.map((v) => v.voiceId)).toEqual([
      highId,
    ]);
    const paged = await b.voices.getShared({ pageSize: 1, page: 0, sort: 'created_date' });
    expect(paged).toMatchObject({ hasMore: true, totalCount: 2 });
    expect(paged.voices.map((v) => v.voiceId)).toEqual([highId]);
    const preview = await app.request(new URL(narr.voices[0]!.previewUrl!).pathname);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/mpeg');
  }, 120_000);

  it("does not let another workspace change the owner's sharing or see unshared voices", async () => {
    expect(
      (await call(other, 'POST', `/v1/voices/${lowId}/share-library`, { notice_period: 0 })).status,
    ).toBe(404);
    expect((await call(other, 'POST', `/v1/voices/${lowId}/share`, { enable: false })).status).toBe(404);
    expect((await call(other, 'GET', `/v1/voices/${lowId}/share/stats`)).status).toBe(404);
    const unshared = (await a.voices.ivc.create({ name: 'Private One', files: [file(rec.low, 'low.wav')] }))
      .voiceId;
    expect((await b.voices.getShared({ search: 'private' })).voices).toEqual([]);
    expect((await call(other, 'GET', `/v1/voices/${publicId}/${unshared}`)).status).toBe(404);
    const add = await errorOf(b.voices.share(publicId, unshared, { newName: 'Mine now' }));
    expect(add.status).toBe(404);
    expect((await a.voices.getShared({})).voices.map((v) => v.voiceId)).not.toContain(unshared);
  }, 120_000);

  it('keeps paid-only voices from free plans and invitation-only voices from those not invited', async () => {
    const paid = (await a.voices.ivc.create({ name: 'Paid Voice', files: [file(rec.low, 'low.wav')] }))
      .voiceId;
    const shared = await call(owner, 'POST', `/v1/voices/${paid}/share-library`, {
      custom_rate: 2,
      free_users_allowed: false,
    });
    expect(await shared.json()).toMatchObject({ custom_rate: 2, rate: 2, free_users_allowed: false });
    const listed = (await b.voices.getShared({ search: 'paid' })).voices[0]!;
    expect(listed).toMatchObject({ rate: 2, freeUsersAllowed: false });
    expect((await b.voices.getShared({ search: 'paid', includeCustomRates: false })).voices).toEqual([]);
    const free = await errorOf(b.voices.share(publicId, paid, { newName: 'Cheap' }));
    expect(free).toMatchObject({ status: 403, body: { detail: { status: 'free_users_not_allowed' } } });

    await a.voices.delete(paid); // the free plan holds 3 voices; a shared voice stops sharing when deleted
    expect((await b.voices.getShared({ search: 'paid' })).voices).toEqual([]);
    const invited = (await a.voices.ivc.create({ name: 'Invite Only', files: [file(rec.low, 'low.wav')] }))
      .voiceId;
    const byMail = await call(owner, 'POST', `/v1/voices/${invited}/share`, {
      enable: true,
      emails: [third.email],
    });
    expect(await byMail.json()).toMatchObject({ status: 'enabled', enabled_in_library: false });
    expect((await b.voices.getShared({ search: 'invite' })).voices).toEqual([]);
    expect((await call(other, 'GET', `/v1/voices/${publicId}/${invited}`)).status).toBe(404);
    expect((await errorOf(b.voices.share(publicId, invited, { newName: 'Nope' }))).status).toBe(403);
    expect((await call(third, 'GET', `/v1/voices/${publicId}/${invited}`)).status).toBe(200);
    const added = await c.voices.share(publicId, invited, { newName: 'Invited Copy' });
    expect((await c.voices.get(added.voiceId)).sharing).toMatchObject({ status: 'copied' });
    await call(owner, 'POST', `/v1/voices/${invited}/share`, { enable: false });
  }, 120_000);

  it('adds a shared voice as a copy that speaks, once, and ticks the checklist', async () => {
    // The SDK has no call for the public page: read it directly.
    const publicPage = await call(other, 'GET', `/v1/voices/${publicId}/${lowId}`);
    expect(await publicPage.json()).toMatchObject({
      voice_id: lowId,
      name: 'Deep Narrator',
      is_added_by_user: false,
    });

    const started = await app.request('/v1/user/onboarding-checklist/initiate', {
      method: 'POST',
      headers: { cookie: other.cookie },
    });
    expect(started.status).toBe(200);
    copyId = (await b.voices.share(publicId, lowId, { newName: 'My Narrator' })).voiceId;
    const copy = await b.voices.get(copyId);
    expect(copy).toMatchObject({ name: 'My Narrator', category: 'cloned', isOwner: false });
    expect(copy.sharing).toMatchObject({ status: 'copied', originalVoiceId: lowId, publicOwnerId: publicId });
    expect((await b.voices.getAll()).voices.map((v) => v.voiceId)).toContain(copyId);
    expect((await b.voices.getShared({ search: 'deep' })).voices[0]).toMatchObject({
      isAddedByUser: true,
      clonedByCount: 1,
    });

    const again = await errorOf(b.voices.share(publicId, lowId, { newName: 'Twice' }));
    expect(again).toMatchObject({ status: 409, body: { detail: { status: 'voice_already_added' } } });
    const own = await errorOf(a.voices.share(publicId, lowId, { newName: 'Mine' }));
    expect(own.status).toBe(400);

    const audio = await b.textToSpeech.convert(copyId, { text: TEXT, outputFormat: 'pcm_16000' });
    const bytes = (await new Response(audio).arrayBuffer()).byteLength;
    expect(bytes / 2 / 16000).toBeGreaterThan(1);
    const user = (await (await call(other, 'GET', '/v1/user')).json()) as {
      onboarding_checklist: { items: { onboarding_checklist_item_id: string; is_completed: boolean }[] };
    };
    const item = user.onboarding_checklist.items.find(
      (i) => i.onboarding_checklist_item_id === 'add_library_voice',
    );
    expect(item?.is_completed).toBe(true);
  }, 120_000);

  it("counts the other workspace's generation and copy in the owner's share stats", async () => {
    const res = await call(owner, 'GET', `/v1/voices/${lowId}/share/stats?range=7d`);
    expect(res.status).toBe(200);
    const stats = await res.json();
    expect(stats).toMatchObject({
      voice_id: lowId,
      range: '7d',
      uses: 1,
      copies: 1,
      characters: TEXT.length,
    });
    expect(stats.days).toHaveLength(8);
    const reader = await (
      await call(owner, 'GET', `/v1/voices/${lowId}/share/stats?range=1d&reader_app=true`)
    ).json();
    expect(reader).toMatchObject({ uses: 0, copies: 1, reader_app: true });
  });

  it('gives copies the notice period when sharing stops, then disables them with the job', async () => {
    // The copying workspace's webhook subscribed to removal notices hears of it (decision 121).
    const hook = await call(other, 'POST', '/v1/workspace/webhooks', {
      settings: { auth_type: 'hmac', name: 'Notices', webhook_url: `${receiver.url}/notices` },
      events: ['voice_library_removal_notice'],
    });
    const { webhook_secret: secret } = (await hook.json()) as { webhook_secret: string };
    const before = Date.now();
    const res = await call(owner, 'POST', `/v1/voices/${lowId}/share`, { enable: false });
    expect(await res.json()).toMatchObject({ status: 'disabled', notice_period: 3 });
    expect((await b.voices.getShared({})).voices.map((v) => v.voiceId)).toEqual([highId]);

    const copy = await b.voices.get(copyId);
    const disableAt = copy.sharing!.disableAtUnix!;
    expect(disableAt * 1000).toBeGreaterThanOrEqual(before + 3 * 86_400_000 - 1000);
    expect(disableAt * 1000).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000);
    const inbox = await (await call(other, 'GET', '/v1/messages')).json();
    expect(inbox.messages[0].title).toContain('"My Narrator" will be removed on');
    const notice = await waitFor(() => receiver.at('/notices')[0]);
    const event = await b.webhooks.constructEvent(
      notice.body,
      notice.headers['elevenlabs-signature'] as string,
      secret,
    );
    expect(event).toMatchObject({
      type: 'voice_removal_notice',
      data: { voice_id: copyId, voice_name: 'My Narrator', removal_at_unix: disableAt },
    });

    await runJob(new Date());
    const still = await b.textToSpeech.convert(copyId, { text: TEXT, outputFormat: 'pcm_16000' });
    expect((await new Response(still).arrayBuffer()).byteLength).toBeGreaterThan(0);

    await runJob(new Date(Date.now() + 4 * 86_400_000));
    const [row] = await app.database.db.select().from(voices).where(eq(voices.id, copyId));
    expect(row!.copyStatus).toBe('copied_disabled');
    expect((await b.voices.getAll()).voices.map((v) => v.voiceId)).not.toContain(copyId);
    expect((await b.voices.search({ search: 'narrator' })).voices).toEqual([]);
    const refused = await errorOf(b.textToSpeech.convert(copyId, { text: TEXT }));
    expect(refused).toMatchObject({ status: 403, body: { detail: { status: 'voice_copied_disabled' } } });
    expect(refused.body.detail.message).toContain('its owner stopped sharing it');
    const after = await (await call(other, 'GET', '/v1/messages')).json();
    expect(after.messages[0].title).toBe('"My Narrator" was removed from your voices');
  }, 120_000);

  it('ranks library voices by profile distance to an uploaded recording', async () => {
    expect((await call(owner, 'POST', `/v1/voices/${lowId}/share`, { enable: true })).status).toBe(200);
    const near = await b.voices.findSimilarVoices({ audioFile: file(rec.lowHeldOut, 'me.wav'), topK: 2 });
    expect(near.voices.map((v) => v.voiceId)).toEqual([lowId, highId]);
    const highNear = await b.voices.findSimilarVoices({ audioFile: file(rec.high, 'her.wav') });
    expect(highNear.voices[0]!.voiceId).toBe(highId);
    // The held-out recording lands 0.24-0.33 from its own voice (eSpeak's output varies with what the process
    // spoke before, and the other text reads at another syllable rate) and about 1.8 from the high voice.
    const strict = await b.voices.findSimilarVoices({
      audioFile: file(rec.lowHeldOut, 'me.wav'),
      similarityThreshold: 0.5,
    });
    expect(strict.voices.map((v) => v.voiceId)).toEqual([lowId]);
    const silent = await errorOf(b.voices.findSimilarVoices({}));
    expect(silent.status).toBe(400);
  }, 120_000);

  it('keeps collections per workspace and filters the voice list by one', async () => {
    const created = await a.voices.collections.create({ title: 'Audiobooks', icon: '📚' });
    expect(created).toMatchObject({ title: 'Audiobooks', icon: '📚', permissionOnResource: 'admin' });
    const id = created.collectionId;
    const premade = (await a.voices.getAll()).voices.find((v) => v.category === 'premade')!.voiceId;
    await a.voices.collections.addVoice(id, premade);
    await a.voices.collections.addVoice(id, lowId);
    const listed = await a.voices.search({ collectionId: id });
    expect(listed.voices.map((v) => v.voiceId).sort()).toEqual([premade, lowId].sort());
    expect((await a.voices.collections.update(id, { title: 'Books' })).title).toBe('Books');
    expect((await a.voices.collections.list()).collections.map((c) => c.title)).toEqual(['Books']);

    expect((await b.voices.collections.list()).collections).toEqual([]);
    expect((await errorOf(b.voices.collections.get(id))).status).toBe(404);
    expect((await errorOf(b.voices.collections.addVoice(id, premade))).status).toBe(404);
    expect((await errorOf(b.voices.search({ collectionId: id }))).status).toBe(404);
    expect((await errorOf(a.voices.collections.addVoice(id, highId))).status).toBe(404); // not usable by A

    await a.voices.collections.removeVoice(id, premade);
    expect((await a.voices.search({ collectionId: id })).voices.map((v) => v.voiceId)).toEqual([lowId]);
    expect(await a.voices.collections.delete(id)).toEqual({ collectionId: id });
    expect((await a.voices.collections.list()).collections).toEqual([]);
  });
  it('gives copies their notice when the owner deletes a shared voice, and they keep speaking until then', async () => {
    const copy = (await b.voices.share(thirdPublicId, highId, { newName: 'Her Copy' })).voiceId;
    // The copy's only member turned removal notices off (decision 168): the removal adds no notification.
    const off = await call(other, 'PATCH', '/v1/user/notification-preferences', {
      voice_library_removal: false,
    });
    expect(off.status).toBe(200);
    await c.voices.delete(highId);
    const titles = (
      (await (await call(other, 'GET', '/v1/messages')).json()) as { messages: { title: string }[] }
    ).messages.map((m) => m.title);
    expect(titles.some((t) => t.startsWith('"Her Copy"'))).toBe(false);
    await call(other, 'PATCH', '/v1/user/notification-preferences', { voice_library_removal: true });
    const after = await b.voices.get(copy);
    expect(after.sharing).toMatchObject({ status: 'copied', originalVoiceId: highId });
    expect(after.sharing!.disableAtUnix! * 1000).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const audio = await b.textToSpeech.convert(copy, { text: TEXT, outputFormat: 'pcm_16000' });
    expect((await new Response(audio).arrayBuffer()).byteLength).toBeGreaterThan(16000);
    expect((await b.voices.getShared({})).voices.map((v) => v.voiceId)).not.toContain(highId);
  }, 120_000);
});
