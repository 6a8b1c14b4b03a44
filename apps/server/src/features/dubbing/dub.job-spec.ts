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
    /** The language rendered (the first target when absent). */
    language: z.string().optional(),
    /** dubbing.resource.dub: speak these segments (all when null) in these languages, render nothing. */
    speak: z.object({ segments: z.array(z.string()).nullable(), languages: z.array(z.string()) }).optional(),
    /** Characters charged for the speech spoken again (decision 180), given back if the run fails. */
    characters: z.number().int().optional(),
  }),
  // A dub is long work on the same input: a second attempt would fail the same way.
  maxAttempts: 1,
});
