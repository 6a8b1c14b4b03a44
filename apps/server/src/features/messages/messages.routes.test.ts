import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

describe(`notifications API on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    alice = await createTestUser(app);
    bob = await createTestUser(app);
  });
  afterAll(() => app?.close());

  const get = (user: TestUser, query = '') =>
    app.request(`/v1/messages${query}`, { headers: { 'xi-api-key': user.apiKey } });

  it('refuses callers without credentials or with a wrong key', async () => {
    const none = await app.request('/v1/messages');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      detail: { status: 'unauthorized', message: 'Invalid or missing credentials.' },
    });
    const wrong = await app.request('/v1/messages', { headers: { 'xi-api-key': `sk_${'0'.repeat(48)}` } });
    expect(wrong.status).toBe(401);
  });

  it("lists only the caller's own notifications, newest first, with the unread count", async () => {
    await app.messages.notify([alice.id], { severity: 'info', title: 'First' });
    await new Promise((r) => setTimeout(r, 5));
    await app.messages.notify([alice.id], {
      severity: 'warning',
      title: 'Second',
      description: 'Details',
      needsAttention: true,
    });
    await app.messages.notify([bob.id], { severity: 'info', title: 'For Bob' });
    const res = await get(alice);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      messages: Record<string, unknown>[];
      unread_count: number;
      has_more: boolean;
    };
    expect(body.unread_count).toBe(2);
    expect(body.has_more).toBe(false);
    expect(body.messages.map((m) => m.title)).toEqual(['Second', 'First']);
    expect(body.messages[0]).toEqual({
      message_id: expect.any(String),
      severity: 'warning',
      title: 'Second',
      description: 'Details',
      needs_attention: true,
      create_date_unix_ms: expect.any(Number),
      has_been_read: false,
    });
  });

  it('accepts the browser session cookie as well as the API key', async () => {
    const res = await app.request('/v1/messages', { headers: { cookie: alice.cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { unread_count: number }).unread_count).toBe(2);
  });

  it('pages with page_size and start_after_message_id, not skipping messages of the same millisecond', async () => {
    const carol = await createTestUser(app);
    // Three notifications in one insert share one timestamp: a time cursor would lose some of them.
    await app.messages.notify([carol.id, carol.id, carol.id], { severity: 'info', title: 'Batch' });
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await get(carol, `?page_size=1${cursor ? `&start_after_message_id=${cursor}` : ''}`);
      const body = (await res.json()) as { messages: { message_id: string }[]; has_more: boolean };
      seen.push(...body.messages.map((m) => m.message_id));
      if (!body.has_more) break;
      cursor = body.messages.at(-1)!.message_id;
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    const first = (await (await get(alice, '?page_size=1')).json()) as {
      messages: { message_id: string; title: string }[];
      has_more: boolean;
    };
    expect(first.messages.map((m) => m.title)).toEqual(['Second']);
    expect(first.has_more).toBe(true);
    const next = (await (
      await get(alice, `?page_size=1&start_after_message_id=${first.messages[0]!.message_id}`)
    ).json()) as { messages: { title: string }[]; has_more: boolean };
    expect(next.messages.map((m) => m.title)).toEqual(['First']);
    expect(next.has_more).toBe(false);
  });

  it("rejects a cursor that is not one of the caller's messages", async () => {
    const bobs = (await (await get(bob)).json()) as { messages: { message_id: string }[] };
    const res = await get(alice, `?start_after_message_id=${bobs.messages[0]!.message_id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      detail: { status: 'message_not_found', message: 'Message not found.' },
    });
  });

  it('rejects a bad page size with the validation shape', async () => {
    const res = await get(alice, '?page_size=500');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { loc: unknown[]; msg: string; type: string }[] };
    expect(body.detail[0]).toMatchObject({ loc: ['querystring', 'page_size'], type: 'too_big' });
  });

  it("marks one notification read, and never someone else's", async () => {
    const list = (await (await get(alice)).json()) as { messages: { message_id: string; title: string }[] };
    const id = list.messages.find((m) => m.title === 'First')!.message_id;
    const stolen = await app.request(`/v1/messages/${id}/read`, {
      method: 'POST',
      headers: { 'xi-api-key': bob.apiKey },
    });
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual({
      detail: { status: 'message_not_found', message: 'Message not found.' },
    });
    const res = await app.request(`/v1/messages/${id}/read`, {
      method: 'POST',
      headers: { 'xi-api-key': alice.apiKey },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unread_count: 1 });
    const unread = (await (await get(alice, '?unread_only=true')).json()) as {
      messages: { title: string }[];
    };
    expect(unread.messages.map((m) => m.title)).toEqual(['Second']);
  });

  it('marks all read', async () => {
    const res = await app.request('/v1/messages/read-all', {
      method: 'POST',
      headers: { 'xi-api-key': alice.apiKey },
    });
    expect(await res.json()).toEqual({ unread_count: 0 });
    const bobs = (await (await get(bob)).json()) as { unread_count: number };
    expect(bobs.unread_count).toBe(1);
  });
});
