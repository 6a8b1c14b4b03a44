import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage, type StoredFile } from './file-storage';

/** Where the bucket is and how to reach it (parsed from STORAGE_URL by storage-url.ts). */
export type S3StorageOptions = {
  bucket: string;
  /** Prepended to every key, e.g. `vocalis/` to share a bucket. Empty or ending in `/`. */
  prefix: string;
  /** An S3-compatible server (MinIO, Garage, Ceph RGW, R2 …); AWS itself when absent. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name; most self-hosted servers need it. */
  forcePathStyle: boolean;
  /** Explicit keys; absent: the SDK's chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** How long to wait for a connection and for a response to start (default 5 s and 30 s). */
  timeouts?: { connectMs: number; responseMs: number };
};

type S3Error = { name?: string; $metadata?: { httpStatusCode?: number } };
/** No such object. A missing bucket is a configuration error, not a missing file (HEAD cannot tell them apart). */
const isMissing = (e: unknown) =>
  (e as S3Error)?.name !== 'NoSuchBucket' &&
  ((e as S3Error)?.name === 'NoSuchKey' ||
    (e as S3Error)?.name === 'NotFound' ||
    (e as S3Error)?.$metadata?.httpStatusCode === 404);

/** Files as objects in one S3-compatible bucket; reads stream from the object store, ranges included. */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // A store that stops answering fails the request (the SDK retries twice) instead of holding it open:
      // 5 s to connect, 30 s until the response starts. No idle limit once it streams: a paused player
      // legitimately stops reading for minutes.
      requestHandler: {
        connectionTimeout: options.timeouts?.connectMs ?? 5_000,
        requestTimeout: options.timeouts?.responseMs ?? 30_000,
        throwOnRequestTimeout: true,
      },
      // A bucket in another AWS region answers with a redirect; follow it instead of failing.
      followRegionRedirects: true,
      // The SDK's default CRC32 checksums on every put are refused by several S3-compatible servers
      // (MinIO before 2025, R2, Backblaze, OVH …): outside AWS send them only where the API requires one.
      ...(options.endpoint && {
        requestChecksumCalculation: 'WHEN_REQUIRED' as const,
        responseChecksumValidation: 'WHEN_REQUIRED' as const,
      }),
    });
  }

  private object(key: string) {
    assertStorageKey(key);
    return { Bucket: this.options.bucket, Key: this.options.prefix + key };
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    // An object appears whole or not at all, so readers never see half a file.
    await this.client.send(
      new PutObjectCommand({ ...this.object(key), Body: data, ContentLength: data.length }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    const body = await this.fetch(key);
    return body && (await body.Body!.transformToByteArray());
  }

  async stream(key: string): Promise<{ stream: Readable; size: number } | null> {
    const body = await this.fetch(key);
    return body && { stream: body.Body as Readable, size: body.ContentLength ?? 0 };
  }

  async open(key: string): Promise<StoredFile | null> {
    const target = this.object(key);
    let head;
    try {
      head = await this.client.send(new HeadObjectCommand(target));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
    const size = head.ContentLength ?? 0;
    // Read exactly the version that was measured: a replaced object fails the read instead of mixing bytes.
    const version = head.ETag ? { IfMatch: head.ETag } : {};
    return {
      size,
      read: (range) =>
        lazyStream(async () => {
          const bytes = range ? { Range: `bytes=${range.start}-${range.end}` } : {};
          const got = await this.client.send(new GetObjectCommand({ ...target, ...version, ...bytes }));
          return got.Body as Readable;
        }),
    };
  }

  async delete(key: string): Promise<void> {
    // S3 deletes are idempotent: a missing object is already what was asked for.
    await this.client.send(new DeleteObjectCommand(this.object(key)));
  }

  /**
   * Writes and deletes a probe object (what the app needs; HeadBucket would also need ListBucket), and fails
   * with a message an operator can act on when that does not work with these settings.
   */
  async check(): Promise<void> {
    const { bucket, endpoint } = this.options;
    const probe = `.vocalis-write-check/${randomUUID()}`;
    try {
      await this.put(probe, new Uint8Array());
      await this.delete(probe);
    } catch (e) {
      const status = (e as S3Error).$metadata?.httpStatusCode;
      const why =
        (e as S3Error).name === 'NoSuchBucket'
          ? 'it does not exist'
          : status === 403
            ? 'access denied (check the access key, the secret and the bucket policy)'
            : `${(e as Error).name}: ${(e as Error).message}`;
      const where = `bucket "${bucket}"${endpoint ? ` at ${endpoint}` : ''}`;
      throw new Error(`File storage: ${where} is not usable: ${why}`, { cause: e });
    }
  }

  /** Lets go of the client's sockets. */
  close(): void {
    this.client.destroy();
  }

  private async fetch(key: string) {
    try {
      return await this.client.send(new GetObjectCommand(this.object(key)));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }
}

/**
 * A stream that sends its request only when first read: StoredFile.read is synchronous, and a reply that
 * is never consumed (a HEAD, a 416) costs no request. Destroying it (the listener went away) ends the body.
 */
function lazyStream(open: () => Promise<Readable>): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of await open()) yield chunk as Buffer;
    })(),
    { objectMode: false },
  );
}
