/**
 * A pool of worker threads that run streaming jobs (speech: synthesis and encoding) off the main
 * thread, so the event loop keeps serving HTTP while audio is made. Workers start on demand up to
 * `size`; a job goes to an idle worker, else a new one, else the least busy one, and stays there (its
 * encoder state lives in that worker). Results stream back chunk by chunk, their buffers transferred.
 *
 * Failure rules: a worker that dies (uncaught error, out of memory, a step stuck past `stepTimeoutMs`)
 * fails the job it was working on with WorkerExitError; its other jobs that had not produced anything
 * yet are started again once on another worker, those that had fail too. The next job gets a fresh
 * worker. Aborting the signal (or leaving the loop early) cancels the job in its worker.
 */
import { rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FromWorker, PoolWorkerData, ToWorker } from './pool-messages';

/** How a pool is built. */
export interface WorkerPoolOptions {
  /** The worker entry module (`.ts` or `.js`); it calls `serveJobs` (job-host.ts). */
  entry: URL;
  /** Most threads at once (at least 1). */
  size: number;
  /** Structured-clonable data the entry's `setup` receives. */
  data?: unknown;
  /** Chunks a job may have produced and not yet handed to its consumer (default 2). */
  window?: number;
  /** A step (one chunk) taking longer than this kills its worker (default 60 s). */
  stepTimeoutMs?: number;
  /** Thread name prefix, shown in diagnostics. */
  name?: string;
}

/** A job failed because its worker thread stopped. */
export class WorkerExitError extends Error {
  override name = 'WorkerExitError';
}

/** A job's error, as thrown inside the worker (name and message survive the thread boundary). */
export class WorkerJobError extends Error {}

interface Slot {
  worker: Worker;
  jobs: Map<number, PoolJob>;
  /** Jobs the worker said it is making a step of (a crash is blamed on them). */
  current: Set<PoolJob>;
  /** Watchdog: restarted by every message while a step is in progress. */
  timer?: NodeJS.Timeout;
  stopping: boolean;
  error?: Error;
  /** Child processes the thread started and has not seen exit: killed if the thread dies. */
  children: Map<number, string | undefined>;
}

interface PoolJob {
  id: number;
  job: unknown;
  slot?: Slot;
  received: unknown[];
  /** Chunks received from the worker so far (a job that got none may be started again). */
  count: number;
  retried: boolean;
  cancelled: boolean;
  done: boolean;
  error?: Error;
  wake(): void;
}

const BOOTSTRAP = new URL('./pool-worker.mjs', import.meta.url);

/** Worker threads running streaming jobs of type J that produce values of type O. */
export class WorkerPool<J, O> {
  private readonly slots: Slot[] = [];
  private readonly size: number;
  private readonly window: number;
  private readonly stepTimeoutMs: number;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.size = Math.max(1, Math.floor(options.size));
    this.window = Math.max(1, options.window ?? 2);
    this.stepTimeoutMs = options.stepTimeoutMs ?? 60_000;
  }

  /** Runs a job in a worker; yields its chunks as they come. */
  async *run(job: J, signal?: AbortSignal): AsyncGenerator<O> {
    signal?.throwIfAborted();
    if (this.closed) throw new WorkerExitError('the worker pool is closed');
    let wake = () => {};
    const j: PoolJob = {
      id: this.nextId++,
      job,
      received: [],
      count: 0,
      retried: false,
      cancelled: false,
      done: false,
      wake: () => wake(),
    };
    const onAbort = () => j.wake();
    signal?.addEventListener('abort', onAbort);
    this.assign(j);
    try {
      for (;;) {
        if (j.received.length) {
          const value = j.received.shift() as O;
          this.send(j.slot, { type: 'credit', id: j.id });
          yield value;
          continue;
        }
        if (j.error) throw j.error;
        if (j.done) return;
        signal?.throwIfAborted();
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (!j.done && !j.error) this.cancel(j);
    }
  }

  /** Starts every worker now, so the first requests do not pay for thread start-up. */
  warm(): void {
    while (!this.closed && this.slots.filter((s) => !s.stopping).length < this.size) this.spawn();
  }

  /** Threads alive and jobs they hold (cancelled jobs count until their worker lets go of them). */
  stats(): { workers: number; jobs: number } {
    return { workers: this.slots.length, jobs: this.slots.reduce((n, s) => n + s.jobs.size, 0) };
  }

  /** Stops every worker (each stops its child processes first); jobs still running fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => this.shutdown(s)));
  }

  private assign(j: PoolJob): void {
    const usable = this.slots.filter((s) => !s.stopping);
    const slot =
      usable.find((s) => s.jobs.size === 0) ??
      (usable.length < this.size
        ? this.spawn()
        : usable.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a)));
    j.slot = slot;
    slot.jobs.set(j.id, j);
    slot.worker.ref();
    this.send(slot, { type: 'job', id: j.id, job: j.job, credits: this.window });
  }

  private spawn(): Slot {
    const data: PoolWorkerData = { entry: this.options.entry.href, data: this.options.data };
    const worker = new Worker(BOOTSTRAP, {
      workerData: data,
      name: `${this.options.name ?? 'pool'}-${this.slots.length + 1}`,
    });
    const slot: Slot = { worker, jobs: new Map(), stopping: false, children: new Map(), current: new Set() };
    this.slots.push(slot);
    worker.unref();
    worker.on('message', (m: FromWorker) => this.onMessage(slot, m));
    worker.on('error', (err) => (slot.error = err));
    worker.on('exit', (code) => this.onExit(slot, code));
    return slot;
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === 'fatal') return void (slot.error = new Error(m.message));
    if (m.type === 'child') {
      if (m.alive) slot.children.set(m.pid, m.workDir);
      else slot.children.delete(m.pid);
      return;
    }
    const j = slot.jobs.get(m.id);
    if (j && m.type === 'step') slot.current.add(j);
    else if (j) slot.current.delete(j);
    clearTimeout(slot.timer);
    if (slot.current.size)
      slot.timer = setTimeout(() => {
        slot.error = new Error(`a step took longer than ${this.stepTimeoutMs} ms`);
        void this.stop(slot);
      }, this.stepTimeoutMs).unref();
    if (!j || m.type === 'step') return;
    if (m.type === 'chunk') {
      j.count++;
      if (!j.cancelled) j.received.push(m.value);
    } else {
      if (m.type === 'error') j.error = Object.assign(new WorkerJobError(m.message), { name: m.name });
      j.done = true;
      this.release(slot, j);
    }
    j.wake();
  }

  private onExit(slot: Slot, code: number): void {
    clearTimeout(slot.timer);
    this.slots.splice(this.slots.indexOf(slot), 1);
    for (const [pid, workDir] of slot.children) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // it had exited already
      }
      if (workDir) rmSync(workDir, { recursive: true, force: true });
    }
    const reason = slot.error?.message ?? `exit code ${code}`;
    for (const j of slot.jobs.values()) {
      slot.jobs.delete(j.id);
      if (j.cancelled) j.done = true;
      else if (!this.closed && j.count === 0 && !j.retried && !slot.current.has(j)) {
        // It had not started producing in the dead thread: nothing was sent, so start it again.
        j.retried = true;
        this.assign(j);
      } else j.error = new WorkerExitError(`The speech worker stopped (${reason}).`);
      j.wake();
    }
  }

  private cancel(j: PoolJob): void {
    j.cancelled = true;
    j.received = [];
    this.send(j.slot, { type: 'cancel', id: j.id });
  }

  private release(slot: Slot, j: PoolJob): void {
    slot.jobs.delete(j.id);
    if (!slot.jobs.size) slot.worker.unref();
  }

  private send(slot: Slot | undefined, m: ToWorker): void {
    if (slot && !slot.stopping && this.slots.includes(slot)) slot.worker.postMessage(m);
  }

  /** Asks the thread to end (after its children), and terminates it if it has not within 3 s. */
  private async shutdown(slot: Slot): Promise<void> {
    slot.stopping = true;
    const exited = new Promise((resolve) => slot.worker.once('exit', resolve));
    slot.worker.postMessage({ type: 'shutdown' } satisfies ToWorker);
    const timer = setTimeout(() => void slot.worker.terminate(), 3000);
    await exited;
    clearTimeout(timer);
  }

  /** Ends a thread at once (a stuck step runs no JavaScript that could end it). */
  private async stop(slot: Slot): Promise<void> {
    slot.stopping = true;
    await slot.worker.terminate();
  }
}
