import { z } from 'zod';

/** POST /v1/user/prepare-internal-verification (accounts.md §7): the caller's email and a client-made code. */
export const prepareInternalVerificationBody = z.object({
  email: z.email().max(320),
  // Client-generated: long enough that it cannot be guessed.
  verification_code: z.string().min(16).max(200),
});

/** POST /v1/user/attach-internal-code: the account-service helper "attach an internal code" (§7). */
export const attachInternalCodeBody = z.object({
  email: z.email().max(320),
  internal_code: z.string().min(1).max(200),
});

/** POST /v1/user/verify-sensitive-action-code (§7; payload not shown): the mailed email-access code. */
export const verifySensitiveActionCodeBody = z.object({ code: z.string().min(1).max(200) });
