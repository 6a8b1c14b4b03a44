import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // Flite slt

// A generation that cannot be recorded must not be charged (issue 9).
describe(`what a generation costs when it cannot be kept, on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  const post = (path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
      body: JSON.stringify(body),
    });
  const used = async () => {
    const res = await app.request('/v1/user', { headers: { 'xi-api-key': user.apiKey } });
    return ((await res.json()) as { subscription: { character_count: number } }).subscription.character_count;
  };
  const historyCount = async () => {
    const res = await app.request('/v1/history', { headers: { 'xi-api-key': user.apiKey } });
    return ((await res.json()) as { history: unknown[] }).history.length;
  };

  it.each([
    [`/v1/text-to-speech/${SUSAN}`, { text: 'Hello\u0000world' }, ['body', 'text']],
    [`/v1/text-to-speech/${SUSAN}/stream`, { text: 'Hello\u0000world' }, ['body', 'text']],
    [`/v1/text-to-speech/${SUSAN}/with-timestamps`, { text: 'Hello\u0000world' }, ['body', 'text']],
    [
      '/v1/text-to-dialogue',
      { inputs: [{ text: 'Hello\u0000world', voice_id: SUSAN }] },
      ['body', 'inputs', 0, 'text'],
    ],
    ['/v1/audio/speech', { model: 'tts-1', voice: 'alloy', input: 'Hello\u0000world' }, ['body', 'input']],
  ])(
    'refuses NUL in the text of %s: 422 naming it, no history-item-id, nothing charged',
    async (path, body, loc) => {
      const before = await used();
      const res = await post(path, body);
      expect(res.status).toBe(422);
      expect(res.headers.get('history-item-id')).toBeNull();
      expect(await res.json()).toEqual({
        detail: [
          {
            loc,
            msg: 'Control characters are not allowed: U+0000 in the value at position 5.',
            type: 'control_character',
          },
        ],
      });
      expect(await used()).toBe(before);
      expect(await historyCount()).toBe(0);
    },
  );

  it.each([`/v1/text-to-speech/${SUSAN}`, `/v1/text-to-speech/${SUSAN}/stream`])(
    'gives the characters back when %s cannot write its history item',
    async (path) => {
      const before = await used();
      // Break the table the history write needs, as a failed deploy or a full disk would.
      await app.database.db.execute(sql`ALTER TABLE history_items RENAME TO history_items_gone`);
      try {
        const res = await post(path, { text: 'Hello world.' });
        expect(res.status).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
        // The refund follows the last audio byte (a stream ends before its generation is settled).
        await waitFor(async () => (await used()) === before, 5000);
      } finally {
        await app.database.db.execute(sql`ALTER TABLE history_items_gone RENAME TO history_items`);
      }
      expect(await historyCount()).toBe(0);
      // And a generation that is kept is charged as before.
      const kept = await post(path, { text: 'Hello world.' });
      expect(kept.status).toBe(200);
      await kept.arrayBuffer();
      await waitFor(async () => (await used()) === before + 'Hello world.'.length, 5000);
      expect(await historyCount()).toBe(1);
      await app.request(`/v1/history/${kept.headers.get('history-item-id')}`, {
        method: 'DELETE',
        headers: { 'xi-api-key': user.apiKey },
      });
    },
  );
});
