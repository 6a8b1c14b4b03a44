// File storage: what one history-audio operation costs in the local folder and in an S3-compatible bucket
// (s3rver as its own process on loopback). Prints a markdown section; bench/run.ts puts it in
// docs/benchmarks.md. Run alone: `npx tsx bench/storage.ts` (BENCH_STORAGE_OPS, default 200).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createFileStorage } from '../apps/server/src/storage/create-file-storage';
import type { FileStorage } from '../apps/server/src/storage/file-storage';
import { parseStorageUrl } from '../apps/server/src/storage/storage-url';
import { startS3Server } from '../apps/server/src/testing/s3-server';

const OPS = Number(process.env.BENCH_STORAGE_OPS ?? 200);
const SIZE = 1024 * 1024; // about a minute of 128 kbit/s mp3
const RANGE = 64 * 1024; // a player's seek
const PARALLEL = 10;

const drain = async (s: Readable) => {
  let n = 0;
  for await (const chunk of s) n += (chunk as Buffer).length;
  return n;
};

/** p50 and p99 in ms of `ops` sequential runs of `op` (after a warm-up of a tenth as many). */
async function latency(op: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.max(5, OPS / 10); i++) await op(i);
  const times: number[] = [];
  for (let i = 0; i < OPS; i++) {
    const t = performance.now();
    await op(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return `${at(0.5).toFixed(1)} / ${at(0.99).toFixed(1)}`;
}

/** MB/s of whole-file reads, PARALLEL at a time, OPS reads in all. */
async function throughput(files: FileStorage, key: string) {
  const start = performance.now();
  let next = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next++ < OPS) bytes += await drain((await files.open(key))!.read());
    }),
  );
  return (bytes / 2 ** 20 / ((performance.now() - start) / 1000)).toFixed(0);
}

async function measure(name: string, files: FileStorage) {
  const data = new Uint8Array(randomBytes(SIZE));
  await files.put('bench/read.bin', data);
  const put = await latency((i) => files.put(`bench/put-${i % 20}.bin`, data));
  const seek = await latency(async (i) => {
    const start = (i * 7919 * 4096) % (SIZE - RANGE);
    await drain((await files.open('bench/read.bin'))!.read({ start, end: start + RANGE - 1 }));
  });
  const whole = await latency(async () => drain((await files.open('bench/read.bin'))!.read()));
  const del = await latency(async (i) => {
    await files.put(`bench/del-${i}.bin`, data.subarray(0, 1024));
    await files.delete(`bench/del-${i}.bin`);
  });
  const mbps = await throughput(files, 'bench/read.bin');
  return `| ${name} | ${put} | ${seek} | ${whole} | ${del} | ${mbps} |`;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-bench-files-'));
const s3 = await startS3Server('vocalis-bench');
const local = createFileStorage({ kind: 'local', dir });
const bucket = createFileStorage(parseStorageUrl(s3.storageUrl, dir));
try {
  const rows = [
    await measure('local folder', local.files),
    await measure('S3 (s3rver on loopback)', bucket.files),
  ];
  console.log(
    [
      `### File storage (${OPS} operations each; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; load average ${os.loadavg()[0]!.toFixed(1)} at the end)`,
      '',
      `Sequential p50 / p99 in ms; a 1 MiB file; a seek reads ${RANGE / 1024} KiB at a varying offset (open + ranged read,`,
      `as GET /v1/history/{id}/audio with Range does); delete is a 1 KiB put then its delete; MB/s is whole-file`,
      `reads ${PARALLEL} at a time. s3rver is a Node server keeping objects on the same disk and cores, so the S3 row`,
      'shows the cost of HTTP, SigV4 signing and a second process, not the speed of a real object store.',
      '',
      '| store | put 1 MiB | seek (HEAD + ranged GET) | read 1 MiB | put + delete | MB/s, 10 parallel |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
} finally {
  bucket.close();
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
}
