import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type NodeProcess = {
  pid: number;
  /** The pino log lines it printed so far (JSON parsed), for assertions and for a failing test's message. */
  logs: Record<string, unknown>[];
  /** SIGTERM, then waits for the exit (SIGKILL after 20 s); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash: no shutdown code runs), then waits for the exit. */
  kill(): Promise<void>;
};

const SRC = path.resolve(import.meta.dirname, '..');

/**
 * Runs one of the server's entry points (api.ts, worker.ts) as a real Node process, as an operator would
 * with `npm run serve` / `npm run worker`, and resolves once it logs `ready` (a pino message).
 */
export async function startNodeProcess(
  entry: 'api.ts' | 'worker.ts',
  env: Record<string, string>,
  ready: string,
  timeoutMs = 90_000,
): Promise<NodeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SRC, entry)], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const other: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const collect = (line: string) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      other.push(line);
    }
  };
  createInterface({ input: child.stderr! }).on('line', (l) => other.push(l));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`not ready after ${timeoutMs} ms`), timeoutMs);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      const tail = [...logs.slice(-10).map((l) => JSON.stringify(l)), ...other.slice(-20)].join('\n');
      reject(new Error(`${entry} ${why}:\n${tail}`));
    }
    createInterface({ input: child.stdout! }).on('line', (line) => {
      collect(line);
      if (logs.at(-1)?.msg === ready) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => fail(`exited with ${code}`));
  });
  return {
    pid: child.pid!,
    logs,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(force);
      return code;
    },
  };
}
