/**
 * Where speech jobs run: a pool of worker threads sized by SPEECH_WORKERS (one per core by default), so
 * synthesis and encoding never hold up the event loop that serves HTTP; or, with SPEECH_WORKERS=0, the
 * main thread as before (one timer turn between sentences so other requests get a look in).
 */
import { concatBytes } from '@vocalis/speech/audio/mp3-stream';
import type { OutputFormat } from '@vocalis/speech/audio/output-format';
import { WorkerPool } from '@vocalis/speech/pool/worker-pool';
import type { Config } from '../../config';
import type { EngineConfig, EngineRegistry } from '../../speech/engines';
import type { SpeechPlan } from '../../speech/speech-plan';
import { jobPart, runSpeechJob, type SpeechJob } from './speech-job';
import type { TimedAudio } from './tts-generation';

/** Runs speech jobs somewhere; stops when the app closes. */
export interface SpeechRunner {
  run(job: SpeechJob, signal: AbortSignal): AsyncIterable<TimedAudio>;
  /** Starts the workers ahead of the first request. */
  warm(): void;
  /** Worker threads alive and generations they hold (diagnostics, tests). */
  stats(): { workers: number; jobs: number };
  close(): Promise<void>;
}

/** The runner SPEECH_WORKERS asks for; `engines` serves the main-thread case. */
export function createSpeechRunner(
  config: EngineConfig & Pick<Config, 'speechWorkers'>,
  engines: EngineRegistry,
): SpeechRunner {
  if (config.speechWorkers === 0) return mainThreadRunner(engines);
  const engineConfig: EngineConfig = {
    speechHttp: config.speechHttp,
    speechRhvoice: config.speechRhvoice,
    speechClone: config.speechClone,
    watermarkKey: config.watermarkKey,
  };
  return new WorkerPool<SpeechJob, TimedAudio>({
    entry: new URL('./speech-worker.ts', import.meta.url),
    size: config.speechWorkers,
    data: engineConfig,
    name: 'speech',
  });
}

function mainThreadRunner(engines: EngineRegistry): SpeechRunner {
  let jobs = 0;
  return {
    async *run(job, signal) {
      jobs++;
      try {
        for await (const part of runSpeechJob(job, engines, signal)) {
          yield part;
          // The engines and lamejs run synchronously: give the event loop a full turn (a timer, so the
          // poll phase runs) per sentence, so other requests are served while the next one is made.
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      } finally {
        jobs--;
      }
    },
    warm: () => undefined,
    stats: () => ({ workers: 0, jobs }),
    close: async () => undefined,
  };
}

/** One text spoken as `plan` says, encoded whole (voice previews), made by the runner. */
export async function renderSpeech(
  runner: SpeechRunner,
  plan: SpeechPlan,
  text: string,
  format: OutputFormat,
): Promise<Uint8Array> {
  const job: SpeechJob = { parts: [jobPart(text, '', plan)], target: format, normalization: 'auto', seed: 0 };
  const parts: Uint8Array[] = [];
  for await (const p of runner.run(job, new AbortController().signal)) parts.push(p.audio);
  return concatBytes(parts);
}
