import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeWav } from '../audio/wav';
import { FlitePool } from './flite-pool';
import type { FliteRun } from './flite-process';

const args = (text: string) => ['flite', '-voice', 'slt', '-t', text];
const seconds = (r: FliteRun) => {
  const wav = decodeWav(r.wav!);
  return wav.pcm.length / wav.channels / wav.sampleRate;
};
const childrenOf = (pool: FlitePool) =>
  (pool as unknown as { processes: { workDir?: string; child?: { kill(s: string): void } }[] }).processes;

describe('FlitePool', () => {
  it('runs simultaneous calls in separate children, each with its own audio', async () => {
    const pool = new FlitePool(2);
    const runs = [
      pool.run(args('Hello there.')),
      pool.run(args('A much longer sentence takes clearly more time to say out loud.')),
    ];
    expect(pool.busy).toBe(2);
    const [short, long] = await Promise.all(runs);
    expect(seconds(long!)).toBeGreaterThan(seconds(short!) * 2);
    expect(pool.busy).toBe(0);
    pool.close();
  });

  it('removes a child’s work folder when the child is killed in the middle of a call', async () => {
    const pool = new FlitePool(1);
    await pool.run(args('Warm up.'));
    const [proc] = childrenOf(pool);
    const first = proc!.workDir!;
    expect(existsSync(first)).toBe(true);
    const pending = pool.run(args('Interrupted.'));
    proc!.child!.kill('SIGKILL');
    expect((await pending).code).toBe(0); // retried in a fresh child with a fresh folder
    expect(existsSync(first)).toBe(false);
    const second = proc!.workDir!;
    expect(second).not.toBe(first);
    pool.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(second)).toBe(false);
  });
});
