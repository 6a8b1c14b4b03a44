/**
 * Entry of a speech worker thread (started by the WorkerPool in speech-runner.ts): builds this thread's
 * engines through the registry, the one place engines are constructed, and runs speech jobs.
 */
import { serveJobs } from '@vocalis/speech/pool/job-host';
import { createEngineRegistry, type EngineConfig } from '../../speech/engines';
import { runSpeechJob, type SpeechJob } from './speech-job';
import type { TimedAudio } from './tts-generation';

serveJobs<EngineConfig, SpeechJob, TimedAudio>((config) => {
  const engines = createEngineRegistry(config);
  return {
    run: (job, signal) => runSpeechJob(job, engines, signal),
    transfer: (part) => [part.audio],
  };
});
