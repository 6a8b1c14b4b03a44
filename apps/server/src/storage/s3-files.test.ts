import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { fileStorageContract } from './file-storage.contract';
import { S3FileStorage } from './s3-files';
import { parseStorageUrl } from './storage-url';

// Against a real S3-compatible server process (s3rver, signatures checked), not a stand-in for the SDK.
let server: TestS3Server;
let files: S3FileStorage;
const open: S3FileStorage[] = [];
const storageAt = (url: string) => {
  const config = parseStorageUrl(url, '/unused');
  if (config.kind !== 's3') throw new Error('not an s3 URL');
  const { kind: _kind, ...options } = config;
  const storage = new S3FileStorage(options);
  open.push(storage);
  return storage;
};

beforeAll(async () => {
  server = await startS3Server();
  files = storageAt(server.storageUrl);
});
afterAll(async () => {
  for (const s of open) s.close();
  await server?.stop();
});

fileStorageContract('S3-compatible bucket', () => files);

describe('S3-compatible bucket: addressing', () => {
  it('keeps files under the URL path as a key prefix, so installs can share a bucket', async () => {
    const prefixed = storageAt(server.storageUrl.replace('?', '/tenant-a/?'));
    await prefixed.put('history/x.mp3', new TextEncoder().encode('under a prefix'));
    expect(await files.get('history/x.mp3')).toBeNull();
    expect(new TextDecoder().decode((await files.get('tenant-a/history/x.mp3'))!)).toBe('under a prefix');
  });

  it('fails loudly when the credentials are wrong', async () => {
    const wrong = storageAt(server.storageUrl.replace('S3RVER:S3RVER', 'S3RVER:not-the-secret'));
    await expect(wrong.put('x.txt', new Uint8Array([1]))).rejects.toThrow(/signature/i);
  });

  it('fails loudly when the bucket does not exist, rather than calling the file missing', async () => {
    const missing = storageAt(server.storageUrl.replace(server.bucket, 'no-such-bucket'));
    await expect(missing.put('x.txt', new Uint8Array([1]))).rejects.toThrow(/bucket/i);
    await expect(missing.get('x.txt')).rejects.toThrow(/bucket/i);
    await expect(missing.stream('x.txt')).rejects.toThrow(/bucket/i);
  });
});

describe('S3-compatible bucket: the start-up check', () => {
  it('passes for a bucket that is there', async () => {
    await expect(files.check()).resolves.toBeUndefined();
  });

  it('names the bucket, the endpoint and the reason when it cannot be used', async () => {
    const missing = storageAt(server.storageUrl.replace(server.bucket, 'no-such-bucket'));
    await expect(missing.check()).rejects.toThrow(
      `File storage: bucket "no-such-bucket" at ${server.endpoint} is not usable: it does not exist`,
    );
    const wrong = storageAt(server.storageUrl.replace('S3RVER:S3RVER', 'S3RVER:not-the-secret'));
    await expect(wrong.check()).rejects.toThrow(/bucket "vocalis-test" .* is not usable: access denied/);
  });
});

describe('S3-compatible bucket: a store that stops answering', () => {
  it('fails the request instead of holding it open', async () => {
    // Accepts connections and never answers, like a hung proxy in front of the store.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const hung = new S3FileStorage({
      bucket: 'b',
      prefix: '',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      timeouts: { connectMs: 500, responseMs: 300 },
    });
    try {
      await expect(hung.get('a.txt')).rejects.toThrow(/requestTimeout/);
    } finally {
      hung.close();
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
