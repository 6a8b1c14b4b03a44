/**
 * A worker entry for the pool's own tests: jobs that count, wait, fail, crash the thread or hang it,
 * so every failure path of WorkerPool can be driven on purpose.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import { serveJobs } from '../job-host';

export interface TestJob {
  chunks: number;
  /** Wait this long before each chunk (asynchronously, so cancels can arrive). */
  delayMs?: number;
  /** At this chunk: throw in the job, kill the thread with an uncaught error, or spin forever. */
  failAt?: number;
  crashAt?: number;
  hangAt?: number;
  tag?: string;
}

export interface TestChunk {
  tag?: string;
  index: number;
  /** Order of production across all jobs of this worker. */
  seq: number;
  /** When the worker produced it (Date.now()). */
  at: number;
  bytes: Uint8Array;
  /** The worker thread that made it. */
  thread: number;
}

let seq = 0;

serveJobs<unknown, TestJob, TestChunk>(() => ({
  async *run(job, signal) {
    for (let index = 0; index < job.chunks; index++) {
      if (job.delayMs) await sleep(job.delayMs, undefined, { signal });
      if (index === job.failAt) throw new Error(`job failed at chunk ${index}`);
      if (index === job.crashAt) {
        // Thrown outside the job's promise chain: an uncaught error that ends the thread.
        setImmediate(() => {
          throw new Error('worker crashed');
        });
        await sleep(10_000);
      }
      if (index === job.hangAt) for (;;);
      yield {
        tag: job.tag,
        index,
        seq: seq++,
        at: Date.now(),
        bytes: new Uint8Array(1024).fill(index),
        thread: threadId,
      };
    }
  },
  transfer: (c) => [c.bytes],
}));
