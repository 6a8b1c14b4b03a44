import { z } from 'zod';
import { jobSpec } from '../../jobs/job';

/** What the service enqueues (the spec alone, so the service does not import the pipeline). */
export const dubJobSpec = jobSpec({
  name: 'dubbing.dub',
  payload: z.object({
    dubbingId: z.string(),
    /** A render of the edited segments (dubbing.resource.render): no recognition, no translation, no refund. */
    render: z.boolean().optional(),
    renderId: z.string().optional(),
  }),
  // A dub is long work on the same input: a second attempt would fail the same way.
  maxAttempts: 1,
});
