import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { userProfiles } from '../../db/schema/user-profiles';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const SUSAN = 'zjugDQR69KeBdVlIC4vX';

type Detail = { detail: { status: string; message: string } };
type ShareLink = { share_link: string; public_user_name: string };

describe(`share links and the public user name on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let itemId: string;
  let audio: Uint8Array;
  let web: string;
  const text = 'Listen to this shared sentence.';

  beforeAll(async () => {
    // A stand-in web build, so the server's answer to the public page's path can be checked.
    web = mkdtempSync(path.join(os.tmpdir(), 'vocalis-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    app = await startTestApp({ env: { WEB_DIST_DIR: web } });
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    const res = await app.request(`/v1/text-to-speech/${SUSAN}`, {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    expect(res.status).toBe(200);
    itemId = res.headers.get('history-item-id')!;
    audio = new Uint8Array(await res.arrayBuffer());
  });
  afterAll(async () => {
    await app?.close();
    rmSync(web, { recursive: true, force: true });
  });

  const as = (u: TestUser) => ({ 'xi-api-key': u.apiKey, 'content-type': 'application/json' });
  const shareLinkOf = (u: TestUser, id: string) =>
    app.request(`/v1/history/${id}/share-link`, { headers: as(u) });
  const setName = (headers: Record<string, string>, name: unknown) =>
    app.request('/v1/user/update-public-user-name', {
      method: 'POST',
      headers,
      body: JSON.stringify({ public_user_name: name }),
    });
  const shareIdOf = (link: string) => new URL(link).pathname.split('/').pop()!;

  it('gives the owner a stable, unguessable link to the public page, shown as Anonymous at first', async () => {
    const res = await shareLinkOf(owner, itemId);
    expect(res.status).toBe(200);
    const first = (await res.json()) as ShareLink;
    expect(first.public_user_name).toBe('Anonymous');
    expect(first.share_link).toMatch(new RegExp(`^${app.config.publicUrl}/share/[A-Za-z0-9]{24}$`));
    const again = (await (await shareLinkOf(owner, itemId)).json()) as ShareLink;
    expect(again.share_link).toBe(first.share_link);
    // the history item now names its share link (SDK shape)
    const client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    expect((await client.history.get(itemId)).shareLinkId).toBe(shareIdOf(first.share_link));
    // other items get other ids
    const other = await app.request(`/v1/text-to-speech/${SUSAN}`, {
      method: 'POST',
      headers: as(owner),
      body: JSON.stringify({ text: 'Another one.' }),
    });
    const otherId = other.headers.get('history-item-id')!;
    await other.arrayBuffer();
    const otherLink = (await (await shareLinkOf(owner, otherId)).json()) as ShareLink;
    expect(otherLink.share_link).not.toBe(first.share_link);
  });

  it('answers 404 to another workspace and for unknown items, and makes no link for them', async () => {
    const res = await shareLinkOf(stranger, itemId);
    expect(res.status).toBe(404);
    expect(((await res.json()) as Detail).detail.status).toBe('history_item_not_found');
    expect((await shareLinkOf(owner, 'NoSuchItem0000000000')).status).toBe(404);
    const fresh = await app.request(`/v1/text-to-speech/${SUSAN}`, {
      method: 'POST',
      headers: as(owner),
      body: JSON.stringify({ text: 'Never shared.' }),
    });
    const freshId = fresh.headers.get('history-item-id')!;
    await fresh.arrayBuffer();
    expect((await shareLinkOf(stranger, freshId)).status).toBe(404);
    const [row] = await app.database.db.select().from(historyItems).where(eq(historyItems.id, freshId));
    expect(row?.shareLinkId).toBeNull();
  });

  it('needs credentials and the history write scope to make a link', async () => {
    expect((await app.request(`/v1/history/${itemId}/share-link`)).status).toBe(401);
    const { createApiKey } = await import('../api-keys/api-keys.service');
    const { key } = await createApiKey(app.database.db, owner.id, {
      name: 'read only',
      permissions: ['speech_history_read'],
    });
    const res = await app.request(`/v1/history/${itemId}/share-link`, { headers: { 'xi-api-key': key } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Detail).detail.status).toBe('missing_permissions');
  });

  it('serves the shared item and its audio without signing in', async () => {
    const { share_link } = (await (await shareLinkOf(owner, itemId)).json()) as ShareLink;
    const shareId = shareIdOf(share_link);
    const res = await app.request(`/v1/shared/${shareId}`);
    expect(res.status).toBe(200);
    const item = (await res.json()) as Record<string, unknown>;
    expect(item).toEqual({
      share_id: shareId,
      text,
      voice_id: SUSAN,
      voice_name: 'Susan',
      model_id: expect.any(String),
      date_unix: expect.any(Number),
      content_type: 'audio/mpeg',
      public_user_name: 'Anonymous',
      audio_url: `/v1/shared/${shareId}/audio`,
    });
    // nothing that identifies the workspace, the user or the history item
    expect(JSON.stringify(item)).not.toContain(itemId);
    expect(JSON.stringify(item)).not.toContain(owner.id);
    const sound = await app.request(item.audio_url as string);
    expect(sound.status).toBe(200);
    expect(sound.headers.get('content-type')).toBe('audio/mpeg');
    expect(new Uint8Array(await sound.arrayBuffer())).toEqual(audio);
    // The link itself opens the web app's public page (a built route: 200, no session needed).
    const page = await app.request(new URL(share_link).pathname, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('answers byte ranges of the shared audio (206, 416), so browsers can seek', async () => {
    const { share_link } = (await (await shareLinkOf(owner, itemId)).json()) as ShareLink;
    const url = `/v1/shared/${shareIdOf(share_link)}/audio`;
    const size = audio.length;
    expect(size).toBeGreaterThan(1000);
    const whole = await app.request(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(size));
    await whole.arrayBuffer();
    for (const [range, start, end] of [
      ['bytes=100-599', 100, 599],
      ['bytes=0-1', 0, 1],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ['bytes=-300', size - 300, size - 1],
      [`bytes=500-${size + 1000}`, 500, size - 1],
    ] as const) {
      const res = await app.request(url, { headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(audio.subarray(start, end + 1));
    }
    const beyond = await app.request(url, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(((await beyond.json()) as Detail).detail.status).toBe('range_not_satisfiable');
    // A range the server does not serve (several at once) gets the whole file.
    const several = await app.request(url, { headers: { range: 'bytes=0-1, 5-9' } });
    expect(several.status).toBe(200);
    expect(new Uint8Array(await several.arrayBuffer())).toEqual(audio);
  });

  it('answers 404 to unknown share ids, and to the link once the item is deleted', async () => {
    for (const path of ['/v1/shared/NoSuchShare0000000000000', '/v1/shared/NoSuchShare0000000000000/audio']) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(((await res.json()) as Detail).detail.status).toBe('shared_item_not_found');
    }
    const made = await app.request(`/v1/text-to-speech/${SUSAN}`, {
      method: 'POST',
      headers: as(owner),
      body: JSON.stringify({ text: 'Shared, then deleted.' }),
    });
    const id = made.headers.get('history-item-id')!;
    await made.arrayBuffer();
    const { share_link } = (await (await shareLinkOf(owner, id)).json()) as ShareLink;
    expect((await app.request(`/v1/shared/${shareIdOf(share_link)}`)).status).toBe(200);
    expect(
      (await app.request(`/v1/history/${id}`, { method: 'DELETE', headers: { 'xi-api-key': owner.apiKey } }))
        .status,
    ).toBe(200);
    expect((await app.request(`/v1/shared/${shareIdOf(share_link)}`)).status).toBe(404);
    expect((await app.request(`/v1/shared/${shareIdOf(share_link)}/audio`)).status).toBe(404);
  });

  it('updates the public user name, shown by the link and the public page', async () => {
    const res = await setName(
      { cookie: owner.cookie, 'content-type': 'application/json', origin: app.config.publicUrl },
      '  Ada Lovelace ',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', public_user_name: 'Ada Lovelace' });
    const [profile] = await app.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, owner.id));
    expect(profile?.publicUserName).toBe('Ada Lovelace');
    const link = (await (await shareLinkOf(owner, itemId)).json()) as ShareLink;
    expect(link.public_user_name).toBe('Ada Lovelace');
    const shared = (await (
      await app.request(`/v1/shared/${shareIdOf(link.share_link)}`)
    ).json()) as ShareLink;
    expect(shared.public_user_name).toBe('Ada Lovelace');
    // the stranger's name is theirs alone
    expect((await setName(as(stranger), 'Someone else')).status).toBe(200);
    expect(((await (await shareLinkOf(owner, itemId)).json()) as ShareLink).public_user_name).toBe(
      'Ada Lovelace',
    );
  });

  it('refuses empty, too long and multi-line public names, and callers without credentials', async () => {
    const cases: [unknown, number, string?][] = [
      ['   ', 400, 'Public name cannot be empty.'],
      ['x'.repeat(51), 400, 'Public name must be at most 50 characters.'],
      ['Ada\nLovelace', 400, 'Public name cannot contain line breaks or control characters.'],
      [42, 422],
      [undefined, 422],
    ];
    for (const [name, status, message] of cases) {
      const res = await setName(as(stranger), name);
      expect(res.status, String(name)).toBe(status);
      if (message)
        expect(((await res.json()) as Detail).detail).toEqual({
          status: 'invalid_public_user_name',
          message,
        });
    }
    const anonymous = await setName({ 'content-type': 'application/json' }, 'Nobody');
    expect(anonymous.status).toBe(401);
    const [profile] = await app.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, stranger.id));
    expect(profile?.publicUserName).toBe('Someone else');
  });
});
