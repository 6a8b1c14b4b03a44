import { z } from 'zod';
import { visibleName } from './visible-name';

/** POST /v1/user/edit: the profile fields a user edits themselves (the spec does not show them). */
export const editUserBody = z
  .object({
    first_name: visibleName(100).nullable().optional(),
    prompts_shown: z
      .object({ long_content_use_projects: z.boolean(), dubbing_use_cases_banner: z.boolean() })
      .partial()
      .strict()
      .optional(),
  })
  .strict();

/** GET /v1/user/rand: the user's stable random number in [0, 1) (experiment buckets). */
export const userRandResponse = z.object({ rand: z.number().min(0).lt(1) });

/** POST /v1/user/generate-name: a suggested public name, not saved. */
export const generateNameResponse = z.object({ name: z.string() });

/** DELETE /v1/user/delete. */
export const deleteUserResponse = z.object({ status: z.literal('ok'), message: z.string() });

/** GET /v1/user/has-alpha-access. */
export const alphaAccessResponse = z.object({ has_alpha_access: z.boolean(), requested: z.boolean() });

/** GET /v1/user/referral-link. */
export const referralLinkResponse = z.object({ referral_link: z.string() });

/** POST /v1/user/record-device-fingerprint. */
export const recordDeviceFingerprintBody = z.object({ fingerprint: z.string().min(8).max(200) }).strict();

const attributionId = z.string().max(200).nullable().optional();
const marketplaceJwt = z.string().max(8000).nullable().optional();

/** POST /v1/user/post-registration-user-setup. */
export const postRegistrationBody = z
  .object({ pid: attributionId, xid: attributionId, gcp_marketplace_jwt: marketplaceJwt })
  .strict();

/** POST /v1/user/pre-sign-up (no auth). */
export const preSignUpBody = z
  .object({
    email: z.email().max(320),
    account_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
    recaptcha_token: z.string().max(4000).nullable().optional(),
    pid: attributionId,
    xid: attributionId,
    invite_code: attributionId,
    gcp_marketplace_jwt: marketplaceJwt,
  })
  .strict();

const utm = z.string().max(500).nullable().optional();

/** POST /v1/google-ads-visit. */
export const googleAdsVisitBody = z
  .object({
    email: z.email().max(320).nullable().optional(),
    event_type: z.string().min(1).max(100),
    gclid: z.string().max(500).nullable().optional(),
    utm_source: utm,
    utm_medium: utm,
    utm_campaign: utm,
    utm_term: utm,
    utm_content: utm,
  })
  .strict();

export type EditUserBody = z.infer<typeof editUserBody>;
export type PreSignUpBody = z.infer<typeof preSignUpBody>;
export type GoogleAdsVisitBody = z.infer<typeof googleAdsVisitBody>;
export type PostRegistrationBody = z.infer<typeof postRegistrationBody>;
