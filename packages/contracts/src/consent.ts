import { z } from 'zod';

/** accounts.md §3 Location: the answer of the geolocation lookup. */
export const location = z
  .object({ region: z.string().nullable(), country: z.string().nullable(), city: z.string().nullable() })
  .meta({ id: 'Location' });

/** POST /v1/user/register-geolocation: the location is looked up from the request, stored with this choice. */
export const registerGeolocationBody = z
  .object({ agrees_to_product_updates: z.boolean().optional() })
  .strict();

export type Location = z.infer<typeof location>;
export type RegisterGeolocationBody = z.infer<typeof registerGeolocationBody>;

/** The privacy dialog's training opt-out of the current workspace; can_change: the caller is its admin. */
export const trainingOptOut = z
  .object({ workspace_id: z.string(), training_opt_out: z.boolean(), can_change: z.boolean() })
  .meta({ id: 'TrainingOptOut' });
export const setTrainingOptOutBody = z.object({ training_opt_out: z.boolean() }).strict();

export type TrainingOptOut = z.infer<typeof trainingOptOut>;
