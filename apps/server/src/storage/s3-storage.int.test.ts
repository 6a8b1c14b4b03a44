import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../db/schema/history';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { createFileStorage, type ConfiguredStorage } from './create-file-storage';
import { parseStorageUrl } from './storage-url';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // Flite slt

describe(`history audio in an S3-compatible bucket on ${process.env.TEST_DB}`, () => {
  let s3: TestS3Server;
  let app: TestApp;
  let user: TestUser;
  let bucket: ConfiguredStorage; // the test's own view of the bucket
  beforeAll(async () => {
    s3 = await startS3Server();
    app = await startTestApp({ env: { STORAGE_URL: s3.storageUrl } });
    user = await createTestUser(app);
    bucket = createFileStorage(parseStorageUrl(s3.storageUrl, '/unused'));
  });
  afterAll(async () => {
    bucket?.close();
    await app?.close();
    await s3?.stop();
  });

  const headers = (extra: Record<string, string> = {}) => ({ 'xi-api-key': user.apiKey, ...extra });
  const json = { 'content-type': 'application/json' };

  async function generate(text: string) {
    const res = await app.request(`/v1/text-to-speech/${SUSAN}`, {
      method: 'POST',
      headers: headers(json),
      body: JSON.stringify({ text }),
    });
    expect(res.status).toBe(200);
    return { id: res.headers.get('history-item-id')!, audio: new Uint8Array(await res.arrayBuffer()) };
  }
  const audioPathOf = async (id: string) =>
    (await app.database.db.select().from(historyItems).where(eq(historyItems.id, id)))[0]!.audioPath;

  it('stores, plays by ranges, downloads, shares and deletes through the bucket', async () => {
    const { id, audio } = await generate('Kept in a bucket, not on this disk.');
    const key = await audioPathOf(id);
    expect(await bucket.files.get(key)).toEqual(audio);

    const part = await app.request(`/v1/history/${id}/audio`, {
      headers: headers({ range: 'bytes=100-299' }),
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-299/${audio.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(audio.subarray(100, 300));

    const one = await app.request('/v1/history/download', {
      method: 'POST',
      headers: headers(json),
      body: JSON.stringify({ history_item_ids: [id] }),
    });
    expect(new Uint8Array(await one.arrayBuffer())).toEqual(audio);
    const second = await generate('A second one for the archive.');
    const zip = await app.request('/v1/history/download', {
      method: 'POST',
      headers: headers(json),
      body: JSON.stringify({ history_item_ids: [id, second.id] }),
    });
    const archive = Buffer.from(await zip.arrayBuffer());
    expect(archive.indexOf(Buffer.from(audio))).toBeGreaterThan(0);
    expect(archive.indexOf(Buffer.from(second.audio))).toBeGreaterThan(0);

    const link = (await (
      await app.request(`/v1/history/${id}/share-link`, { headers: headers() })
    ).json()) as {
      share_link: string;
    };
    const shareId = new URL(link.share_link).pathname.split('/').pop()!;
    const shared = await app.request(`/v1/shared/${shareId}/audio`, { headers: { range: 'bytes=0-0' } });
    expect(shared.status).toBe(206);
    expect(new Uint8Array(await shared.arrayBuffer())).toEqual(audio.subarray(0, 1));

    expect((await app.request(`/v1/history/${id}`, { method: 'DELETE', headers: headers() })).status).toBe(
      200,
    );
    expect(await bucket.files.get(key)).toBeNull();
  });

  it('answers 404 in the error shape when the object is gone from the bucket', async () => {
    const { id } = await generate('Removed behind the server’s back.');
    await bucket.files.delete(await audioPathOf(id));
    const res = await app.request(`/v1/history/${id}/audio`, { headers: headers() });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      detail: { status: 'history_audio_not_found', message: 'The audio of this history item is missing.' },
    });
  });

  it('refuses to start when the bucket cannot be written, naming it and why', async () => {
    const missing = s3.storageUrl.replace(`@${s3.bucket}?`, '@no-such-bucket?');
    await expect(startTestApp({ env: { STORAGE_URL: missing } })).rejects.toThrow(
      `File storage: bucket "no-such-bucket" at ${s3.endpoint} is not usable: it does not exist`,
    );
  });
});
