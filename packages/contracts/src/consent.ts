import { z } from 'zod';

/** accounts.md §3 Location: the answer of the geolocation lookup. */
export const location = z
  .object({ region: z.string().nullable(), country: z.string().nullable(), city: z.string().nullable() })
  .meta({ id: 'Location' });

/** POST /v1/user/register-geolocation: the location is looked up from the request, stored with this choice. */
export const registerGeolocationBody = z
  .object({ agrees_to_product_updates: z.boolean().optional() })
  .strict();

/**
 * GET /v1/privacy/visitor (no auth): what the privacy rules of accounts.md §5 make of this request, for a
 * visitor who is not signed in: the location of its address, whether it carries a Global Privacy Control
 * signal (Sec-GPC), whether the CCPA opt-out applies and the analytics consent before any choice.
 */
export const visitorPrivacy = z
  .object({
    location,
    geo_location: z.string().nullable(),
    gpc: z.boolean(),
    ccpa_opt_out_applies: z.boolean(),
    analytics_consent: z.enum(['undecided', 'not_applicable']),
  })
  .meta({ id: 'VisitorPrivacy' });

export type Location = z.infer<typeof location>;
export type VisitorPrivacy = z.infer<typeof visitorPrivacy>;
export type RegisterGeolocationBody = z.infer<typeof registerGeolocationBody>;

/** The privacy dialog's training opt-out of the current workspace; can_change: the caller is its admin. */
export const trainingOptOut = z
  .object({ workspace_id: z.string(), training_opt_out: z.boolean(), can_change: z.boolean() })
  .meta({ id: 'TrainingOptOut' });
export const setTrainingOptOutBody = z.object({ training_opt_out: z.boolean() }).strict();

export type TrainingOptOut = z.infer<typeof trainingOptOut>;
