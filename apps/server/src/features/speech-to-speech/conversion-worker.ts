/** Entry of a speech-to-speech worker thread (conversion-runner.ts): converts and encodes, off the event loop. */
import { serveJobs } from '@vocalis/speech/pool/job-host';
import { runConversionJob, type ConversionJob, type ConversionResult } from './conversion-job';

serveJobs<unknown, ConversionJob, ConversionResult>(() => ({
  run: (job, signal) => runConversionJob(job, signal),
  transfer: (r) => [r.audio],
}));
