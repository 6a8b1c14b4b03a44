/**
 * Runs Flite in a child process (`flite-child.mjs`) instead of in this one. The WASI build has
 * crashed the whole Node process (segfaults seen with long inputs, and under load next to other WASM
 * modules); in a child a crash fails only the calls in flight, and the next call starts a new child.
 * Synthesis also leaves the server's event loop free. Calls are queued; the child runs one at a time.
 */
import { fork, type ChildProcess } from 'node:child_process';

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
  private ready?: Promise<ChildProcess>;
  private nextId = 1;
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
    const child = await this.start();
    const id = this.nextId++;
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

  /** Stops the child (it also exits by itself when this process goes away). */
  close(): void {
    this.child?.kill();
  }

  private start(): Promise<ChildProcess> {
    this.ready ??= new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(new URL('./flite-child.mjs', import.meta.url), [], {
        serialization: 'advanced',
        execArgv: [],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
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
