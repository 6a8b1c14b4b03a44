/**
 * A speech worker entry for tests: the real speech jobs, except that a job with a part whose text is
 * the pool data's `crashText` kills the thread with an uncaught error right after its first chunk,
 * the way a fault in an engine or codec would.
 */
import { serveJobs } from '@vocalis/speech/pool/job-host';
import { runSpeechJob, type SpeechJob } from '../features/tts/speech-job';
import type { TimedAudio } from '../features/tts/tts-generation';
import { createEngineRegistry, type EngineConfig } from '../speech/engines';

serveJobs<EngineConfig & { crashText: string }, SpeechJob, TimedAudio>((config) => {
  const engines = createEngineRegistry(config);
  return {
    async *run(job, signal) {
      let sent = 0;
      for await (const part of runSpeechJob(job, engines, signal)) {
        if (sent++ === 0 && job.parts.some((p) => p.text === config.crashText))
          setImmediate(() => {
            throw new Error('engine fault');
          });
        yield part;
      }
    },
    transfer: (part) => [part.audio],
  };
});
