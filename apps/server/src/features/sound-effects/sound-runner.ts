/**
 * Where sound-effect jobs run: one worker thread (30 s of layered synthesis, the watermark and mp3 encoding
 * take a good part of a second of CPU, which must not hold up the event loop), or the main thread with
 * SPEECH_WORKERS=0.
 */
import { WorkerPool } from '@vocalis/speech/pool/worker-pool';
import type { Config } from '../../config';
import { runSoundJob, type SoundJob, type SoundResult } from './sound-job';

export interface SoundRunner {
  run(job: SoundJob, signal: AbortSignal): Promise<SoundResult>;
  close(): Promise<void>;
}

async function first(it: AsyncIterable<SoundResult>): Promise<SoundResult> {
  for await (const r of it) return r;
  throw new Error('the sound job ended without a result');
}

export function createSoundRunner(config: Pick<Config, 'speechWorkers'>): SoundRunner {
  if (config.speechWorkers === 0)
    return { run: (job, signal) => first(runSoundJob(job, signal)), close: async () => undefined };
  const pool = new WorkerPool<SoundJob, SoundResult>({
    entry: new URL('./sound-worker.ts', import.meta.url),
    size: 1,
    name: 'sound-effects',
    stepTimeoutMs: 60_000,
  });
  return { run: (job, signal) => first(pool.run(job, signal)), close: () => pool.close() };
}
