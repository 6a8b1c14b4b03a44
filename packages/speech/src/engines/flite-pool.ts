/**
 * Several Flite child processes, so simultaneous generations do not wait for one another: each child
 * runs one call at a time, and a call goes to the child with the fewest calls waiting. Children start on
 * first use, so an idle pool costs nothing.
 */
import os from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { FliteProcess, type FliteRun } from './flite-process';

/**
 * One child per core, at most four (each holds its own compiled Flite module, ~40 MB); one in a speech
 * worker thread, which makes one sentence at a time (the pool of threads is sized to the cores).
 */
export const defaultFlitePoolSize = (): number =>
  isMainThread ? Math.max(1, Math.min(4, os.availableParallelism())) : 1;

export class FlitePool {
  private readonly processes: FliteProcess[];

  constructor(size = defaultFlitePoolSize()) {
    this.processes = Array.from({ length: Math.max(1, size) }, () => new FliteProcess());
  }

  run(args: string[]): Promise<FliteRun> {
    const idlest = this.processes.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
    return idlest.run(args);
  }

  /** Children with a call waiting or running, for tests and diagnostics. */
  get busy(): number {
    return this.processes.filter((p) => p.inFlight > 0).length;
  }

  close(): void {
    for (const p of this.processes) p.close();
  }
}
