import { z } from 'zod';
import { jobSpec } from '../../jobs/job';

export const studioConvertPayload = z.object({
  projectId: z.string(),
  chapterIds: z.array(z.string()),
  whole: z.boolean(),
  userId: z.string(),
  via: z.enum(['session', 'api_key']),
  keyId: z.string().optional(),
});
export type StudioConvertPayload = z.infer<typeof studioConvertPayload>;

/** What the service enqueues (the spec alone, so the service does not import the job's work). */
export const studioConvertSpec = jobSpec({
  name: 'studio.convert',
  payload: studioConvertPayload,
  maxAttempts: 1,
});
