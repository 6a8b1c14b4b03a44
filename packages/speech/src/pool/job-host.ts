/**
 * The worker-thread side of a WorkerPool: runs the jobs the pool sends, several at once, one step (one
 * produced chunk) at a time. The next step always goes to the job that has produced the fewest chunks
 * (the oldest on a tie), so a new request's first sentence is not queued behind other requests' later
 * sentences: that is what keeps first-byte latency flat under concurrency.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { markPoolWorker, stopChildProcesses } from './child-processes';
import type { FromWorker, PoolWorkerData, ToWorker } from './pool-messages';

/** What a worker entry provides: how to run one job, and which of a chunk's buffers may be moved. */
export interface JobRunner<J, O> {
  run(job: J, signal: AbortSignal): AsyncIterable<O>;
  /** Views whose whole ArrayBuffer can be transferred instead of copied (others are copied). */
  transfer?(value: O): ArrayBufferView[];
}

interface HostedJob<O> {
  id: number;
  it: AsyncIterator<O>;
  controller: AbortController;
  credits: number;
  produced: number;
  cancelled: boolean;
}

/**
 * Serves jobs in this worker thread. `setup` receives the pool's `workerData` and builds the runner
 * once (engines, codecs); call this from the worker entry module.
 */
export function serveJobs<D, J, O>(setup: (data: D) => JobRunner<J, O>): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs must run in a worker thread started by a WorkerPool');
  markPoolWorker();
  const runner = setup((workerData as PoolWorkerData).data as D);
  const jobs = new Map<number, HostedJob<O>>();
  let busy: HostedJob<O> | undefined;
  let looping = false;
  const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

  const finish = async (job: HostedJob<O>) => {
    jobs.delete(job.id);
    await Promise.resolve(job.it.return?.()).catch(() => undefined);
    post({ type: 'end', id: job.id });
  };

  const pick = (): HostedJob<O> | undefined => {
    if (ending) return undefined;
    let best: HostedJob<O> | undefined;
    for (const j of jobs.values())
      if (j.credits > 0 && !j.cancelled && (!best || j.produced < best.produced)) best = j;
    return best;
  };

  async function step(job: HostedJob<O>): Promise<void> {
    busy = job;
    post({ type: 'step', id: job.id });
    try {
      const r = await job.it.next();
      if (job.cancelled || r.done) return void (await finish(job));
      job.produced++;
      job.credits--;
      post({ type: 'chunk', id: job.id, value: r.value }, movable(runner.transfer?.(r.value) ?? []));
    } catch (err) {
      if (job.cancelled) return void (await finish(job));
      jobs.delete(job.id);
      const e = err instanceof Error ? err : new Error(String(err));
      post({ type: 'error', id: job.id, name: e.name, message: e.message });
    } finally {
      busy = undefined;
    }
  }

  async function loop(): Promise<void> {
    if (looping) return;
    looping = true;
    try {
      for (let job = pick(); job; job = pick()) {
        await step(job);
        // Let cancels, credits and new jobs in between steps (a step can be entirely synchronous).
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      looping = false;
    }
  }

  let ending = false;
  const exit = (code: number) => {
    ending = true;
    void stopChildProcesses().finally(() => process.exit(code));
  };
  // The thread is lost either way; stopping its children first is what only it can do.
  process.on('uncaughtException', (err) => {
    post({ type: 'fatal', message: err instanceof Error ? err.message : String(err) });
    exit(1);
  });

  port.on('message', (m: ToWorker) => {
    if (ending) return;
    if (m.type === 'shutdown') return exit(0);
    if (m.type === 'job') {
      const controller = new AbortController();
      const it = runner.run(m.job as J, controller.signal)[Symbol.asyncIterator]();
      jobs.set(m.id, { id: m.id, it, controller, credits: m.credits, produced: 0, cancelled: false });
    } else {
      const job = jobs.get(m.id);
      if (!job) return;
      if (m.type === 'credit') job.credits++;
      else {
        job.cancelled = true;
        job.controller.abort(new Error('cancelled'));
        // A job between steps ends now; the one in its step ends when the step returns.
        if (busy !== job) void finish(job);
      }
    }
    void loop();
  });
}

/** The buffers of views that own them entirely (a view into a shared or pooled buffer is copied). */
function movable(views: ArrayBufferView[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const v of views)
    if (v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength)
      out.add(v.buffer);
  return [...out];
}
