/**
 * Child processes started inside a pool's worker thread (Flite, and any engine that runs a program).
 * A terminated worker thread runs no more JavaScript and does not close its IPC channels (measured on
 * Node 20: the children of a terminated thread stay alive). So a pool worker stops its children itself
 * when it shuts down or crashes, and reports each one to its pool, which kills those still running
 * if the thread is terminated (stuck, out of memory) and removes their work folders.
 */
import type { ChildProcess } from 'node:child_process';
import { parentPort } from 'node:worker_threads';
import type { FromWorker } from './pool-messages';

let inPoolWorker = false;
const owned = new Set<ChildProcess>();

/** Called by the job host: this thread belongs to a WorkerPool. */
export function markPoolWorker(): void {
  inPoolWorker = true;
}

/**
 * Reports a child process (and the folder it works in, removed with it) to the pool owning this
 * thread; nothing to do outside a pool worker.
 */
export function ownChildProcess(child: ChildProcess, workDir?: string): void {
  const pid = child.pid;
  if (!inPoolWorker || !parentPort || !pid) return;
  const port = parentPort;
  const post = (m: FromWorker) => port.postMessage(m);
  owned.add(child);
  post({ type: 'child', pid, alive: true, workDir });
  child.once('exit', () => {
    owned.delete(child);
    post({ type: 'child', pid, alive: false });
  });
}

/** Kills this thread's children and waits (up to `ms`) until they have exited and been reaped. */
export async function stopChildProcesses(ms = 2000): Promise<void> {
  const exits = [...owned].map(
    (c) =>
      new Promise<void>((resolve) =>
        c.exitCode !== null || c.signalCode ? resolve() : c.once('exit', () => resolve()),
      ),
  );
  for (const c of owned) c.kill('SIGKILL');
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
}
