import { z } from 'zod';
import { jobSpec } from '../../jobs/job';

/** The training job's spec (pvc-training.job.ts does the work; the service only enqueues). */
export const pvcTrainingSpec = jobSpec({
  name: 'voices.train-pvc',
  payload: z.object({ workspaceId: z.string(), voiceId: z.string(), modelId: z.string() }),
  maxAttempts: 2,
});
