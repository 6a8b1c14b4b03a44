/**
 * Runs Flite in a child process (`flite-child.mjs`) instead of in this one. The WASI build has
 * crashed the whole Node process (segfaults seen with long inputs, and under load next to other WASM
 * modules); in a child a crash fails only the calls in flight, and the next call starts a new child.
 * Synthesis also leaves the server's event loop free. Calls are queued; the child runs one at a time.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownChildProcess } from '../pool/child-processes';

/** What one Flite run returns: exit code, stdout (phone durations) and the WAV file. */
export interface FliteRun {
  code: number;
  log: string;
  wav?: Uint8Array;
}

type Reply = { id: number; code: number; log: string; wav?: Uint8Array; error?: string };

const CALL_TIMEOUT_MS = 30_000;

class ChildExit extends Error {}

/** A runner of Flite command lines in a child process. */
export class FliteProcess {
  private child?: ChildProcess;
  /** The running child's work folder (Flite writes its WAV there); removed when the child exits. */
  workDir?: string;
  private ready?: Promise<ChildProcess>;
  private nextId = 1;
  /** Calls waiting for the child to start (counted in `inFlight` so a pool spreads them at once). */
  private readonly starting = new Set<number>();
  private readonly pending = new Map<number, { resolve(r: FliteRun): void; reject(e: Error): void }>();

  /**
   * Runs `flite <args> -o out.wav` in the child. A crash of the child is retried once in a fresh one
   * (the segfaults seen were not reproducible for the same input).
   */
  async run(args: string[], retries = 1): Promise<FliteRun> {
    try {
      return await this.call(args);
    } catch (err) {
      if (retries > 0 && err instanceof ChildExit) return this.run(args, retries - 1);
      throw err;
    }
  }

  private async call(args: string[]): Promise<FliteRun> {
    const id = this.nextId++;
    this.starting.add(id);
    let child: ChildProcess;
    try {
      child = await this.start();
    } finally {
      this.starting.delete(id);
    }
    return new Promise<FliteRun>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('Flite timed out'));
        child.kill('SIGKILL');
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      // Keep this process alive while a call is in flight, and only then.
      child.channel?.ref();
      // A child that died meanwhile reports through 'exit'; the callback only keeps the error handled.
      child.send({ id, args }, () => undefined);
    });
  }

  /** Calls sent to the child and not answered yet (the child runs them one after another). */
  get inFlight(): number {
    return this.pending.size + this.starting.size;
  }

  /** Stops the child (it also exits by itself when this process goes away). */
  close(): void {
    this.child?.kill();
  }

  private start(): Promise<ChildProcess> {
    this.ready ??= new Promise<ChildProcess>((resolve, reject) => {
      const workDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-flite-'));
      this.workDir = workDir;
      const child = fork(new URL('./flite-child.mjs', import.meta.url), [], {
        serialization: 'advanced',
        execArgv: [],
        env: { ...process.env, FLITE_WORK_DIR: workDir },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      // In a speech worker thread, the pool stops the child if the thread dies (it cannot itself).
      ownChildProcess(child, workDir);
      // The folder goes with the child, or with this process if it ends first (the child then exits too).
      const removeWorkDir = () => rmSync(workDir, { recursive: true, force: true });
      process.once('exit', removeWorkDir);
      this.child = child;
      child.on('message', (m: Reply | { ready: true }) => {
        if ('ready' in m) {
          // The channel stayed referenced until now so a short-lived script does not exit while the
          // child is still starting (it would then answer into a closed channel).
          if (!this.pending.size) child.channel?.unref();
          return resolve(child);
        }
        const call = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (!this.pending.size) child.channel?.unref();
        if (m.error) call?.reject(new Error(`Flite failed: ${m.error}`));
        else call?.resolve({ code: m.code, log: m.log, wav: m.wav && new Uint8Array(m.wav) });
      });
      child.on('exit', (code, signal) => {
        process.off('exit', removeWorkDir);
        removeWorkDir();
        const err = new ChildExit(`Flite process exited (${signal ?? code})`);
        for (const call of this.pending.values()) call.reject(err);
        this.pending.clear();
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        reject(err);
      });
      child.on('error', (err) => {
        for (const call of this.pending.values()) call.reject(err);
        this.pending.clear();
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        reject(err);
      });
      // Never keep this process alive just for an idle child (the channel is released once it is ready).
      child.unref();
    });
    return this.ready;
  }
}
