import { z } from 'zod';
import { jobSpec } from '../../jobs/job';

/** The export of a voiceover project at one version (decision 223). */
export const voiceoverExportJobSpec = jobSpec({
  name: 'voiceover.export',
  payload: z.object({ projectId: z.string(), version: z.number().int() }),
  // The same mix would fail the same way.
  maxAttempts: 1,
});
