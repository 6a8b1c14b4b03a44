import { describe, expect, it } from 'vitest';
import { decodeWav } from '../audio/wav';
import { FliteProcess } from './flite-process';

const ARGS = ['flite', '-voice', 'slt', '-t', 'Hello there.'];

describe('FliteProcess', () => {
  it('runs Flite in a child and survives the child crashing mid-call', async () => {
    const flite = new FliteProcess();
    const first = await flite.run(ARGS);
    expect(first.code).toBe(0);
    expect(decodeWav(first.wav!).sampleRate).toBe(16000);
    // Kill the child while a call is in flight: the call is retried once in a fresh child.
    const pending = flite.run(ARGS);
    (flite as unknown as { child: { kill(s: string): void } }).child.kill('SIGSEGV');
    expect((await pending).code).toBe(0);
    // Without retries the crash surfaces as an error, and the next call still works.
    const failing = flite.run(ARGS, 0);
    (flite as unknown as { child: { kill(s: string): void } }).child.kill('SIGKILL');
    await expect(failing).rejects.toThrow(/Flite process exited \(SIGKILL\)/);
    expect((await flite.run(ARGS)).code).toBe(0);
    flite.close();
  });
});
