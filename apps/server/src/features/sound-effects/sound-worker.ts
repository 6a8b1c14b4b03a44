/** Entry of a sound-effects worker thread (sound-runner.ts): synthesises, marks and encodes off the event loop. */
import { serveJobs } from '@vocalis/speech/pool/job-host';
import { runSoundJob, type SoundJob, type SoundResult } from './sound-job';

serveJobs<unknown, SoundJob, SoundResult>(() => ({
  run: (job, signal) => runSoundJob(job, signal),
  transfer: (r) => [r.audio],
}));
