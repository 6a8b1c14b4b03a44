import { z } from 'zod';

/** POST /v1/user/send-email-change-verification (payload not shown in the spec): the new address. */
export const sendEmailChangeVerificationBody = z.object({ new_email: z.email().max(320) });

/** PUT /v1/user/email?verification_code&is_reverting (accounts.md §7). */
export const changeEmailQuery = z.object({
  verification_code: z.string().min(1).max(200),
  is_reverting: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const changeEmailResponse = z
  .object({ status: z.literal('ok'), email: z.string(), message: z.string() })
  .meta({ id: 'ChangeEmailResponse' });

export type ChangeEmailResponse = z.infer<typeof changeEmailResponse>;

/** POST /v1/user/sign-in-requests/verify (accounts.md §7). */
export const verifySignInRequestBody = z.object({
  sign_in_request_verification_code: z.string().min(1).max(200),
});

/** POST /v1/support/sign-in-requests (staff only; not in the spec, which shows only the user's side). */
export const createSignInRequestBody = z.object({ email: z.email().max(320) });
