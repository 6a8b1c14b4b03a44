/**
 * ffmpeg compiled to WASM (`@ffmpeg/core`) used directly from Node. The browser-oriented core needs
 * three globals before it loads; it is created once per process on first use, and runs are queued
 * because the single core has one virtual file system and one `exec` at a time.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

interface FfmpegCore {
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
  };
  exec(...args: string[]): number;
  reset(): void;
  setLogger(logger: (entry: { type: string; message: string }) => void): void;
}

let core: Promise<FfmpegCore> | undefined;
let runs = 0;
let queue: Promise<unknown> = Promise.resolve();
let log: string[] = [];

async function loadCore(): Promise<FfmpegCore> {
  const g = globalThis as Record<string, unknown>;
  // The shim the core expects from a web worker; harmless in Node.
  g.self ??= globalThis;
  g.location ??= { href: 'file:///' };
  g.importScripts ??= () => {};
  const require = createRequire(import.meta.url);
  const { default: createCore } = await import('@ffmpeg/core');
  const c = (await createCore({
    wasmBinary: fs.readFileSync(require.resolve('@ffmpeg/core/wasm')),
    print: () => {},
    printErr: () => {},
  })) as FfmpegCore;
  c.setLogger((e) => {
    log.push(e.message);
    if (log.length > 40) log = log.slice(-20);
  });
  return c;
}

const RECYCLE_AFTER = 12;

/**
 * Runs ffmpeg on in-memory files: writes `inputs`, runs `args` (without the leading `ffmpeg`), returns
 * the bytes of `output`. Throws with ffmpeg's last log lines when it fails.
 */
export function runFfmpeg(
  args: string[],
  inputs: Record<string, Uint8Array>,
  output: string,
): Promise<Uint8Array> {
  const run = async (): Promise<Uint8Array> => {
    // The core leaks memory across runs and eventually traps in its own argument copying (seen after
    // ~25 runs of a few hundred KB): start a fresh core periodically and after any trap.
    if (runs++ >= RECYCLE_AFTER) {
      core = undefined;
      runs = 1;
    }
    const c = await (core ??= loadCore());
    log = [];
    const names = [...Object.keys(inputs), output];
    try {
      for (const [name, data] of Object.entries(inputs)) c.FS.writeFile(name, data);
      let code: number;
      try {
        code = c.exec('-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args);
      } catch (error) {
        core = undefined;
        if (retried || !(error instanceof WebAssembly.RuntimeError)) throw error;
        retried = true;
        return run();
      }
      if (code !== 0) {
        // A core worn by earlier runs has also failed without trapping (seen once in CI under load, for
        // an Opus encode that succeeds on a fresh core): retry once on a fresh one before giving up.
        core = undefined;
        if (!retried) {
          retried = true;
          return run();
        }
        throw new Error(`ffmpeg failed (${code}): ${log.slice(-5).join(' | ')}`);
      }
      return c.FS.readFile(output);
    } finally {
      for (const name of names) {
        try {
          c.FS.unlink(name);
        } catch {
          // the file was never written
        }
      }
      c.reset();
    }
  };
  let retried = false;
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/** Decodes any audio ffmpeg understands to mono Int16 PCM at `sampleRate`. */
export async function decodeAudio(
  bytes: Uint8Array,
  sampleRate: number,
  inputArgs: string[] = [],
): Promise<Int16Array> {
  const raw = await runFfmpeg(
    [...inputArgs, '-i', 'in.bin', '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', 'out.raw'],
    { 'in.bin': bytes },
    'out.raw',
  );
  return new Int16Array(
    raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength - (raw.byteLength % 2)),
  );
}
