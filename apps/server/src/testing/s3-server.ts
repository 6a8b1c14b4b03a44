import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type TestS3Server = {
  /** STORAGE_URL for the app: s3://S3RVER:S3RVER@<bucket>?endpoint=http://127.0.0.1:<port> */
  storageUrl: string;
  endpoint: string;
  bucket: string;
  /** Where the server keeps the objects. */
  directory: string;
  stop(): Promise<void>;
};

const PROCESS = path.join(import.meta.dirname, 's3-server-process.ts');

/** Starts the S3-compatible test server as a child process on a free loopback port, with one empty bucket. */
export async function startS3Server(bucket = 'vocalis-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'vocalis-s3-'));
  const child = spawn(process.execPath, ['--import', 'tsx', PROCESS, directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the S3 test server exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    storageUrl: `s3://S3RVER:S3RVER@${bucket}?endpoint=${encodeURIComponent(endpoint)}`,
    endpoint,
    bucket,
    directory,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
