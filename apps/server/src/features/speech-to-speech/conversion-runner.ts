/**
 * Where speech-to-speech jobs run: one worker thread (pitch tracking and overlap-add of a few minutes of audio
 * take seconds of CPU, which must not hold up the event loop), or the main thread with SPEECH_WORKERS=0.
 */
import { WorkerPool } from '@vocalis/speech/pool/worker-pool';
import type { Config } from '../../config';
import { runConversionJob, type ConversionJob, type ConversionResult } from './conversion-job';

export interface ConversionRunner {
  /** The job's one result. */
  run(job: ConversionJob, signal: AbortSignal): Promise<ConversionResult>;
  close(): Promise<void>;
}

async function first(it: AsyncIterable<ConversionResult>): Promise<ConversionResult> {
  for await (const r of it) return r;
  throw new Error('the conversion job ended without a result');
}

export function createConversionRunner(config: Pick<Config, 'speechWorkers'>): ConversionRunner {
  if (config.speechWorkers === 0)
    return { run: (job, signal) => first(runConversionJob(job, signal)), close: async () => undefined };
  const pool = new WorkerPool<ConversionJob, ConversionResult>({
    entry: new URL('./conversion-worker.ts', import.meta.url),
    size: 1,
    name: 'speech-to-speech',
    stepTimeoutMs: 120_000,
  });
  return { run: (job, signal) => first(pool.run(job, signal)), close: () => pool.close() };
}
