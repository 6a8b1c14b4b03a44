/**
 * The worker-thread side of a WorkerPool: runs the jobs the pool sends, several at once, step by step
 * (a step produces one chunk). The next step always goes to the job that has produced the fewest chunks
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

/**
 * Steps in progress at once in one thread (see pump). One: with two, the threads ran four syntheses at once
 * on two cores, so every stream's first sentence came later (decision 035, 2026-11-26 addendum).
 */
const STEPS_AT_ONCE = 1;

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
  const stepping = new Set<HostedJob<O>>();
  let ending = false;
  const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

  const finish = async (job: HostedJob<O>) => {
    jobs.delete(job.id);
    await Promise.resolve(job.it.return?.()).catch(() => undefined);
    post({ type: 'end', id: job.id });
  };

  const pick = (): HostedJob<O> | undefined => {
    let best: HostedJob<O> | undefined;
    for (const j of jobs.values())
      if (j.credits > 0 && !j.cancelled && !stepping.has(j) && (!best || j.produced < best.produced))
        best = j;
    return best;
  };

  async function step(job: HostedJob<O>): Promise<void> {
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
    }
  }

  /** Starts steps up to STEPS_AT_ONCE, the job that has produced least first. */
  function pump(): void {
    for (let job = pick(); job && !ending && stepping.size < STEPS_AT_ONCE; job = pick()) {
      const j = job;
      stepping.add(j);
      void step(j).finally(() => {
        stepping.delete(j);
        // Let cancels, credits and new jobs in between steps (a step can be entirely synchronous).
        setImmediate(pump);
      });
    }
  }

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
        // A job between steps ends now; one in its step ends when the step returns.
        if (!stepping.has(job)) void finish(job);
      }
    }
    pump();
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
