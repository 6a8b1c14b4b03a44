import { afterEach, describe, expect, it } from 'vitest';
import type { TestChunk, TestJob } from './testing/test-jobs-worker';
import { WorkerExitError, WorkerJobError, WorkerPool } from './worker-pool';

const ENTRY = new URL('./testing/test-jobs-worker.ts', import.meta.url);
let pool: WorkerPool<TestJob, TestChunk>;
const newPool = (size = 1, more: { stepTimeoutMs?: number } = {}) =>
  (pool = new WorkerPool<TestJob, TestChunk>({ entry: ENTRY, size, name: 'test', ...more }));

async function all(job: TestJob, signal?: AbortSignal): Promise<TestChunk[]> {
  const out: TestChunk[] = [];
  for await (const c of pool.run(job, signal)) out.push(c);
  return out;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

afterEach(async () => {
  await pool?.close();
});

describe('WorkerPool', () => {
  it('streams a job’s chunks in order from a worker thread, with their bytes', async () => {
    newPool();
    const chunks = await all({ chunks: 3 });
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2]);
    expect([...chunks[2]!.bytes.slice(0, 3)]).toEqual([2, 2, 2]);
    expect(chunks[0]!.thread).toBeGreaterThan(0);
  });

  it('makes every new job’s first chunk before any job’s later chunks', async () => {
    newPool(1);
    // Two slow jobs fill the worker's step slots, so the three below are all waiting when slots free up.
    const blockers = [all({ chunks: 1, delayMs: 300 }), all({ chunks: 1, delayMs: 300 })];
    await until(() => pool.stats().jobs === 2);
    const results = await Promise.all(['a', 'b', 'c'].map((tag) => all({ chunks: 3, tag })));
    await Promise.all(blockers);
    const firsts = results.map((r) => r[0]!.seq);
    const laters = results.flatMap((r) => r.slice(1).map((c) => c.seq));
    expect(Math.max(...firsts)).toBeLessThan(Math.min(...laters));
  });

  it('spreads simultaneous jobs over its workers, up to its size', async () => {
    newPool(2);
    const results = await Promise.all([all({ chunks: 2, delayMs: 50 }), all({ chunks: 2, delayMs: 50 })]);
    expect(new Set(results.map((r) => r[0]!.thread)).size).toBe(2);
    expect(pool.stats().workers).toBe(2);
  });

  it('fails only the job whose worker crashed, and the next job runs on a fresh worker', async () => {
    newPool(1);
    const first = await all({ chunks: 1 });
    await expect(all({ chunks: 3, crashAt: 1 })).rejects.toBeInstanceOf(WorkerExitError);
    const next = await all({ chunks: 2 });
    expect(next.map((c) => c.index)).toEqual([0, 1]);
    expect(next[0]!.thread).not.toBe(first[0]!.thread);
  });

  it('starts again a job that had produced nothing when its worker crashed', async () => {
    newPool(1);
    const culprit = all({ chunks: 1, crashAt: 0, delayMs: 100 });
    // Submitted while the culprit is mid-step on the only worker: it has not produced anything yet.
    await new Promise((r) => setTimeout(r, 30));
    const bystander = all({ chunks: 2 });
    await expect(culprit).rejects.toThrow(/worker stopped/);
    expect((await bystander).map((c) => c.index)).toEqual([0, 1]);
  });

  it('keeps the worker when a job throws, and reports the job’s own error', async () => {
    newPool(1);
    const before = await all({ chunks: 1 });
    const err = await all({ chunks: 3, failAt: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkerJobError);
    expect((err as Error).message).toBe('job failed at chunk 1');
    expect((await all({ chunks: 1 }))[0]!.thread).toBe(before[0]!.thread);
  });

  it('cancels a job when its signal aborts, which frees the worker for the next job', async () => {
    newPool(1);
    const controller = new AbortController();
    const long = all({ chunks: 1000, delayMs: 20 }, controller.signal);
    await until(() => pool.stats().jobs === 1);
    controller.abort(new Error('client disconnected'));
    await expect(long).rejects.toThrow('client disconnected');
    await until(() => pool.stats().jobs === 0);
    const next = await all({ chunks: 2 });
    expect(next).toHaveLength(2);
    expect(pool.stats().workers).toBe(1);
  });

  it('cancels a job when the consumer stops reading early', async () => {
    newPool(1);
    for await (const c of pool.run({ chunks: 1000, delayMs: 5 })) if (c.index === 2) break;
    await until(() => pool.stats().jobs === 0);
  });

  it('holds a job back while its consumer does not read (at most the window ahead)', async () => {
    newPool(1);
    const it = pool.run({ chunks: 6 })[Symbol.asyncIterator]();
    await it.next();
    await new Promise((r) => setTimeout(r, 200));
    const resumed = Date.now();
    const rest: TestChunk[] = [];
    for (let r = await it.next(); !r.done; r = await it.next()) rest.push(r.value);
    // Chunks 1 and 2 were allowed ahead (window 2); chunk 3 waited for the consumer.
    expect(rest.map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
    expect(rest[1]!.at).toBeLessThan(resumed);
    expect(rest[2]!.at).toBeGreaterThanOrEqual(resumed);
  });

  it('kills a worker stuck in one step and fails that job; the next job runs', async () => {
    newPool(1, { stepTimeoutMs: 300 });
    await expect(all({ chunks: 2, hangAt: 1 })).rejects.toThrow(/longer than 300 ms/);
    expect(await all({ chunks: 1 })).toHaveLength(1);
  });

  it('fails running jobs when closed, and refuses new ones', async () => {
    newPool(1);
    const running = all({ chunks: 1000, delayMs: 20 });
    await until(() => pool.stats().jobs === 1);
    await pool.close();
    await expect(running).rejects.toBeInstanceOf(WorkerExitError);
    await expect(all({ chunks: 1 })).rejects.toBeInstanceOf(WorkerExitError);
  });
});
