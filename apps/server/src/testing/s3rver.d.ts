// @20minutes/s3rver ships no types; this is the part the test server process uses.
declare module '@20minutes/s3rver' {
  import type { Readable } from 'node:stream';

  type S3Object = { content: Readable | null; range?: { start: number; end: number } };
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory?: string;
      silent?: boolean;
      configureBuckets?: { name: string }[];
    });
    /** Its filesystem store (patched by the test process; see fixFirstByteRange). */
    store: {
      getObject(
        bucket: string,
        key: string,
        options?: { start?: number; end?: number },
      ): Promise<S3Object | null>;
      getResourcePath(bucket: string, key: string, resource: string): string;
    };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
