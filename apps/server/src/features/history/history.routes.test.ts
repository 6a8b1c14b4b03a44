import { existsSync } from 'node:fs';
import path from 'node:path';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // Flite slt
const KAL = 'cZu6SI8gppUv1kFPCYh3'; // Flite kal16

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

type Detail = { detail: { status: string; message: string } };

describe(`speech history on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  let client: ElevenLabsClient;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
  });
  afterAll(() => app?.close());

  const as = (u: TestUser) => ({ 'xi-api-key': u.apiKey, 'content-type': 'application/json' });
  /** One generation; resolves with its history-item-id header and audio. */
  async function generate(text: string, query = '', who = user) {
    const res = await app.request(`/v1/text-to-speech/${SUSAN}${query}`, {
      method: 'POST',
      headers: as(who),
      body: JSON.stringify({ text, voice_settings: { stability: 0.5, similarity_boost: 0.75 } }),
    });
    expect(res.status).toBe(200);
    return { id: res.headers.get('history-item-id'), audio: new Uint8Array(await res.arrayBuffer()) };
  }

  it('keeps a logged generation and serves it by id, as audio and in the list (SDK)', async () => {
    const text = 'History keeps this sentence.';
    const { id, audio } = await generate(text);
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    const item = await client.history.get(id!);
    expect(item).toMatchObject({
      historyItemId: id,
      text,
      voiceId: SUSAN,
      voiceName: 'Susan',
      voiceCategory: 'premade',
      contentType: 'audio/mpeg',
      source: 'TTS',
      outputFormat: 'mp3_44100_128',
    });
    expect(item.characterCountChangeTo - item.characterCountChangeFrom).toBe(text.length);
    expect(item.settings).toMatchObject({ stability: 0.5, similarity_boost: 0.75 });
    expect(Math.abs(item.dateUnix - Date.now() / 1000)).toBeLessThan(60);
    expect(await bytesOf(await client.history.getAudio(id!))).toEqual(audio);
    const page = await client.history.list({ pageSize: 10 });
    expect(page.history.map((h) => h.historyItemId)).toContain(id);
    expect(page.hasMore).toBe(false);
  });

  it('sends the history-item-id header on streams too, and the item exists once the stream ends', async () => {
    const res = await app.request(`/v1/text-to-speech/${SUSAN}/stream`, {
      method: 'POST',
      headers: as(user),
      body: JSON.stringify({ text: 'A streamed one. With two sentences.' }),
    });
    const id = res.headers.get('history-item-id');
    expect(id).toBeTruthy();
    await res.arrayBuffer();
    expect((await client.history.get(id!)).text).toBe('A streamed one. With two sentences.');
  });

  it('stores nothing when enable_logging is false', async () => {
    const before = (await client.history.list({ pageSize: 1000 })).history.length;
    const { id } = await generate('Do not keep this.', '?enable_logging=false');
    expect(id).toBeNull();
    const after = await client.history.list({ pageSize: 1000 });
    expect(after.history.length).toBe(before);
    expect(after.history.some((h) => h.text === 'Do not keep this.')).toBe(false);
  });

  it('pages newest first with keyset cursors, without repeats, and filters by search, date and direction', async () => {
    const pager = await createTestUser(app);
    const pc = new ElevenLabsClient({ apiKey: pager.apiKey, baseUrl: app.url });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await generate(`Paged item number ${i}.`, '', pager)).id!);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await pc.history.list({ pageSize: 2, startAfterHistoryItemId: cursor });
      seen.push(...page.history.map((h) => h.historyItemId));
      if (!page.hasMore) break;
      cursor = page.lastHistoryItemId!;
      expect(page.scannedUntil).toBeTypeOf('number');
    }
    expect(seen).toEqual([...ids].reverse());
    const asc = await pc.history.list({ pageSize: 3, sortDirection: 'asc' });
    expect(asc.history.map((h) => h.historyItemId)).toEqual(ids.slice(0, 3));
    expect(asc.hasMore).toBe(true);
    const found = await pc.history.list({ search: 'number 3' });
    expect(found.history.map((h) => h.historyItemId)).toEqual([ids[3]]);
    const none = await pc.history.list({ dateBeforeUnix: 1_000_000 });
    expect(none.history).toEqual([]);
    const byVoice = await pc.history.list({ voiceId: 'someone-else' });
    expect(byVoice.history).toEqual([]);
    expect((await pc.history.list({ source: 'TTS' })).history).toHaveLength(5);
  });

  it('finds a text-to-dialogue item by any voice of its lines in the voice filter', async () => {
    const speaker = await createTestUser(app);
    const single = await generate('Only Susan speaks here.', '', speaker);
    const res = await app.request('/v1/text-to-dialogue', {
      method: 'POST',
      headers: as(speaker),
      body: JSON.stringify({
        inputs: [
          { text: 'Susan opens the dialogue.', voice_id: SUSAN },
          { text: 'Kal answers her.', voice_id: KAL },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const dialogueId = res.headers.get('history-item-id');
    await res.arrayBuffer();
    const byVoice = async (voiceId: string) => {
      const r = await app.request(`/v1/history?voice_id=${voiceId}`, { headers: as(speaker) });
      expect(r.status).toBe(200);
      return ((await r.json()) as { history: { history_item_id: string }[] }).history.map(
        (h) => h.history_item_id,
      );
    };
    expect(await byVoice(KAL)).toEqual([dialogueId]);
    expect(await byVoice(SUSAN)).toEqual([dialogueId, single.id]);
    // The list names the dialogue by its voices, with its lines.
    const listed = (await (await app.request('/v1/history', { headers: as(speaker) })).json()) as {
      history: Record<string, unknown>[];
    };
    expect(listed.history[0]).toMatchObject({
      history_item_id: dialogueId,
      voice_id: null,
      voice_name: 'Susan, Kal',
      dialogue: [
        { text: 'Susan opens the dialogue.', voice_id: SUSAN, voice_name: 'Susan' },
        { text: 'Kal answers her.', voice_id: KAL, voice_name: 'Kal' },
      ],
    });
  });

  it("answers byte ranges of an item's audio (206, 416), so the player can seek", async () => {
    const { id, audio } = await generate('Seek through this sentence, please.');
    const url = `/v1/history/${id}/audio`;
    const size = audio.length;
    const part = await app.request(url, { headers: { ...as(user), range: 'bytes=200-1199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 200-1199/${size}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(audio.subarray(200, 1200));
    const tail = await app.request(url, { headers: { ...as(user), range: 'bytes=-7' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(audio.subarray(size - 7));
    const beyond = await app.request(url, { headers: { ...as(user), range: `bytes=${size + 5}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    const whole = await app.request(url, { headers: as(user) });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(audio);
    // Another workspace gets no bytes, ranged or not.
    const stranger = await createTestUser(app);
    const denied = await app.request(url, { headers: { ...as(stranger), range: 'bytes=0-1' } });
    expect(denied.status).toBe(404);
  });

  it('deletes an item and its audio file (SDK)', async () => {
    const { id } = await generate('Delete me soon.');
    const [row] = await app.database.db.select().from(historyItems).where(eq(historyItems.id, id!));
    const file = path.join(app.config.filesDir, row!.audioPath);
    expect(row!.audioPath).toBe(`history/${user.workspaceId}/${id}.mp3`);
    expect(existsSync(file)).toBe(true);
    expect((await client.history.delete(id!)).status).toBe('ok');
    expect(existsSync(file)).toBe(false);
    const gone = await app.request(`/v1/history/${id}`, { headers: as(user) });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as Detail).detail.status).toBe('history_item_not_found');
  });

  it('deletes an item while the file store is down: the item is gone, its files are queued for deletion', async () => {
    const { id } = await generate('Delete me while the store is down.');
    const [row] = await app.database.db.select().from(historyItems).where(eq(historyItems.id, id!));
    const file = path.join(app.config.filesDir, row!.audioPath);
    const down = vi.spyOn(app.files, 'delete').mockRejectedValue(new Error('store unreachable'));
    try {
      expect((await client.history.delete(id!)).status).toBe('ok');
      expect((await app.request(`/v1/history/${id}`, { headers: as(user) })).status).toBe(404);
      expect(existsSync(file)).toBe(true);
      const { rows } = (await app.database.db.execute(
        sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'files.delete'`,
      )) as unknown as { rows: { payload: { keys: string[] } }[] };
      expect(rows.map((r) => r.payload.keys).find((keys) => keys.includes(row!.audioPath))).toEqual([
        row!.audioPath,
        ...['colour', 'light', 'dark'].map((t) => `share-videos/${user.workspaceId}/${id}-${t}.mp4`),
      ]);
    } finally {
      down.mockRestore();
    }
    // The worker retries the job with back-off; once the store answers, the audio goes.
    await waitFor(() => !existsSync(file), 60_000);
  }, 90_000);

  it('downloads one item as its audio and several as a zip named by the download rule (SDK)', async () => {
    const a = await generate('First for the zip.');
    const b = await generate('Second for the zip.');
    expect(await bytesOf(await client.history.download({ historyItemIds: [a.id!] }))).toEqual(a.audio);
    const one = await app.request('/v1/history/download', {
      method: 'POST',
      headers: as(user),
      body: JSON.stringify({ history_item_ids: [a.id] }),
    });
    expect(one.headers.get('content-type')).toBe('audio/mpeg');
    expect(one.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Vocalis_\d{4}-\d\d-\d\dT\d\d_\d\d_\d\d_Susan_pre_s50_sb75_vocalis_[a-z0-9_]+\.mp3"/,
    );
    const zip = Buffer.from(await bytesOf(await client.history.download({ historyItemIds: [a.id!, b.id!] })));
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    // Both audio files are stored whole inside the archive.
    expect(zip.indexOf(Buffer.from(a.audio))).toBeGreaterThan(0);
    expect(zip.indexOf(Buffer.from(b.audio))).toBeGreaterThan(0);
    expect(zip.toString('latin1')).toMatch(/Vocalis_[^/]*Susan_pre[^/]*\.mp3/);
  });

  it("applies the spec's feedback rules: 20-200 characters for thumbs-up text, no change once reviewed", async () => {
    const { id } = await generate('Rate this one.');
    const send = (body: object) =>
      app.request(`/v1/history/${id}/feedback`, {
        method: 'POST',
        headers: as(user),
        body: JSON.stringify(body),
      });
    const short = await send({ thumbs_up: true, feedback: 'Too short' });
    expect(short.status).toBe(400);
    expect(((await short.json()) as Detail).detail.message).toBe(
      'Feedback must be at least 20 characters long',
    );
    const ok = await send({ thumbs_up: true, feedback: 'A calm and friendly reading, thanks.' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { message: string }).message).toBe(
      'Your feedback has been submitted. Thank you',
    );
    const down = await send({ thumbs_up: false, glitches: true, audio_quality: true });
    expect(down.status).toBe(200);
    // The SDK's item type has no feedback key and passes it through as sent.
    expect((await client.history.get(id!)) as unknown as { feedback: object }).toMatchObject({
      feedback: {
        thumbs_up: false,
        glitches: true,
        audio_quality: true,
        emotions: false,
        review_status: 'not_reviewed',
      },
    });
    await app.database.db
      .update(historyItems)
      .set({ feedback: sql`jsonb_set(${historyItems.feedback}, '{review_status}', '"reviewed"')` })
      .where(eq(historyItems.id, id!));
    const locked = await send({ thumbs_up: true });
    expect(locked.status).toBe(400);
    expect(((await locked.json()) as Detail).detail.message).toBe(
      'This feedback cannot be changed as it was already reviewed.',
    );
  });

  it("never shows another workspace's items", async () => {
    const { id } = await generate('Private to my workspace.');
    const stranger = await createTestUser(app);
    const h = { 'xi-api-key': stranger.apiKey };
    for (const [method, url, body] of [
      ['GET', `/v1/history/${id}`],
      ['GET', `/v1/history/${id}/audio`],
      ['DELETE', `/v1/history/${id}`],
      ['POST', `/v1/history/${id}/feedback`, { thumbs_up: false }],
      ['POST', '/v1/history/download', { history_item_ids: [id] }],
    ] as const) {
      const res = await app.request(url, {
        method,
        headers: body ? as(stranger) : h,
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${url}: ${await res.clone().text()}`).toBe(404);
    }
    const list = await app.request(`/v1/history?start_after_history_item_id=${id}`, { headers: h });
    expect(list.status).toBe(404);
    const mine = (await (await app.request('/v1/history', { headers: h })).json()) as { history: unknown[] };
    expect(mine.history).toEqual([]);
    expect((await client.history.get(id!)).text).toBe('Private to my workspace.');
  });

  it('refuses history calls to a key without the history scopes', async () => {
    const { createApiKey } = await import('../api-keys/api-keys.service');
    const { key } = await createApiKey(app.database.db, user.id, {
      name: 'tts only',
      permissions: ['text_to_speech'],
    });
    const res = await app.request('/v1/history', { headers: { 'xi-api-key': key } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Detail).detail.status).toBe('missing_permissions');
  });
});
