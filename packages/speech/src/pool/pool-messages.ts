/**
 * The messages between a WorkerPool (main thread) and the job host in each of its worker threads.
 * A job streams: the worker posts one `chunk` per produced value and stops when the consumer holds
 * `window` chunks it has not taken yet, until a `credit` arrives (so a slow client holds back
 * synthesis instead of piling audio up in memory).
 */

/** Main thread → worker. */
export type ToWorker =
  | { type: 'job'; id: number; job: unknown; credits: number }
  | { type: 'credit'; id: number }
  | { type: 'cancel'; id: number }
  /** Stop child processes, then end the thread. */
  | { type: 'shutdown' };

/** Worker → main thread. `step` says which job the worker is busy with (a crash is blamed on it). */
export type FromWorker =
  | { type: 'step'; id: number }
  | { type: 'chunk'; id: number; value: unknown }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; name: string; message: string }
  /** A child process the thread started or saw exit (child-processes.ts). */
  | { type: 'child'; pid: number; alive: boolean; workDir?: string }
  /** An uncaught error: the thread stops its children and exits. */
  | { type: 'fatal'; message: string };

/** What the bootstrap hands the worker entry: its module URL and the pool's `workerData`. */
export interface PoolWorkerData {
  entry: string;
  data: unknown;
}
