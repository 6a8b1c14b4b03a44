import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const SUSAN = 'zjugDQR69KeBdVlIC4vX';

type Detail = { detail: { status: string; message: string } };
type ShareState = { published: boolean; share_link: string | null; public_user_name: string };

describe(`publishing and revoking a share link on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let itemId: string;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    const res = await app.request(`/v1/text-to-speech/${SUSAN}`, {
      method: 'POST',
      headers: as(owner),
      body: JSON.stringify({ text: 'Shared, then not.' }),
    });
    expect(res.status).toBe(200);
    itemId = res.headers.get('history-item-id')!;
    await res.arrayBuffer();
  });
  afterAll(async () => {
    await app?.close();
  });

  function as(u: TestUser) {
    return { 'xi-api-key': u.apiKey, 'content-type': 'application/json' };
  }
  const call = (u: TestUser, method: string, suffix = '') =>
    app.request(`/v1/history/${itemId}/share-link${suffix}`, { method, headers: { 'xi-api-key': u.apiKey } });
  const stateOf = async (u: TestUser) => (await (await call(u, 'GET', '/status')).json()) as ShareState;
  const shareIdOf = (link: string) => new URL(link).pathname.split('/').pop()!;

  it('reads the state without publishing: an item starts unpublished', async () => {
    expect(await stateOf(owner)).toEqual({
      published: false,
      share_link: null,
      public_user_name: 'Anonymous',
    });
    expect(await stateOf(owner)).toMatchObject({ published: false });
  });

  it('publishes on POST, then the public page answers; revoking turns the link off (404)', async () => {
    const published = await call(owner, 'POST');
    expect(published.status).toBe(200);
    const { share_link } = (await published.json()) as { share_link: string };
    expect(await stateOf(owner)).toEqual({ published: true, share_link, public_user_name: 'Anonymous' });
    const shareId = shareIdOf(share_link);
    expect((await app.request(`/v1/shared/${shareId}`)).status).toBe(200);

    const revoked = await call(owner, 'DELETE');
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ status: 'ok' });
    expect(await stateOf(owner)).toEqual({
      published: false,
      share_link: null,
      public_user_name: 'Anonymous',
    });
    const page = await app.request(`/v1/shared/${shareId}`);
    expect(page.status).toBe(404);
    expect(((await page.json()) as Detail).detail.status).toBe('shared_item_not_found');
    expect((await app.request(`/v1/shared/${shareId}/audio`)).status).toBe(404);

    // publishing again makes a new link: the revoked one stays off
    const again = (await (await call(owner, 'POST')).json()) as { share_link: string };
    expect(again.share_link).not.toBe(share_link);
    expect((await app.request(`/v1/shared/${shareId}`)).status).toBe(404);
    expect((await app.request(`/v1/shared/${shareIdOf(again.share_link)}`)).status).toBe(200);
    // revoking twice is fine
    expect((await call(owner, 'DELETE')).status).toBe(200);
    expect((await call(owner, 'DELETE')).status).toBe(200);
  });

  it('answers 404 to another workspace on every verb, and changes nothing', async () => {
    await call(owner, 'POST');
    for (const [method, suffix] of [
      ['GET', '/status'],
      ['POST', ''],
      ['DELETE', ''],
    ] as const) {
      const res = await call(stranger, method, suffix);
      expect(res.status).toBe(404);
      expect(((await res.json()) as Detail).detail.status).toBe('history_item_not_found');
    }
    expect(await stateOf(owner)).toMatchObject({ published: true });
  });

  it('needs the history write scope to publish or revoke, and read to see the state', async () => {
    const { createApiKey } = await import('../api-keys/api-keys.service');
    const { key } = await createApiKey(app.database.db, owner.id, {
      name: 'read only',
      permissions: ['speech_history_read'],
    });
    const headers = { 'xi-api-key': key };
    const url = `/v1/history/${itemId}/share-link`;
    expect((await app.request(`${url}/status`, { headers })).status).toBe(200);
    for (const method of ['POST', 'DELETE']) {
      const res = await app.request(url, { method, headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as Detail).detail.status).toBe('missing_permissions');
    }
    expect((await app.request(url, { method: 'DELETE' })).status).toBe(401);
  });

  it('lists the publish, status and video routes in /openapi.json', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const link = doc.paths['/v1/history/{history_item_id}/share-link']!;
    expect(Object.keys(link).sort()).toEqual(['delete', 'get', 'post']);
    expect(doc.paths['/v1/history/{history_item_id}/share-link/status']).toHaveProperty('get');
    expect(Object.keys(doc.paths['/v1/history/{history_item_id}/video']!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/v1/history/{history_item_id}/video/preview']).toHaveProperty('get');
  });
});
