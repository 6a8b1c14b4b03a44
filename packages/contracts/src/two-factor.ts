import { z } from 'zod';

/** POST /v1/user/backup-code: the account password confirms the request. */
/** `password` is required for accounts that have one; accounts without (social sign-in) omit it (decision 026). */
export const regenerateBackupCodesBody = z
  .object({ password: z.string().min(1).max(128).optional() })
  .strict();
export const backupCodesResponse = z
  .object({ backup_codes: z.array(z.string()) })
  .meta({ id: 'BackupCodes' });
/** A backup code as better-auth issues it (`abcde-12345`). */
export const backupCodeParams = z.object({ code: z.string().min(1).max(64) });

export type BackupCodesResponse = z.infer<typeof backupCodesResponse>;

/** An E.164 phone number: "+", country code, subscriber number (7–15 digits in all). */
export const e164PhoneNumber = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'Enter the phone number in international format, e.g. +14155550100.');

const sixDigitCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

/**
 * POST /v1/user/update-mfa-factors (accounts.md §7, payload not shown; ours): the phone (SMS) factor.
 * `{sms:{phone_number}}` texts a code to the number; `{sms:{phone_number, code}}` confirms it and turns the
 * factor on; `{sms:null, password}` removes it. An account without a password (signed up with a social
 * provider) removes it with a code texted to the enrolled number instead: `{sms:null}` texts it,
 * `{sms:null, code}` removes the factor.
 */
export const updateMfaFactorsBody = z.union([
  z.object({ sms: z.object({ phone_number: e164PhoneNumber }).strict() }).strict(),
  z
    .object({
      sms: z
        .object({
          phone_number: e164PhoneNumber,
          code: sixDigitCode,
        })
        .strict(),
    })
    .strict(),
  z.object({ sms: z.null(), password: z.string().min(1).max(128) }).strict(),
  z.object({ sms: z.null() }).strict(),
  z.object({ sms: z.null(), code: sixDigitCode }).strict(),
]);

export const smsMfaFactor = z
  .object({ enrolled_at_unix: z.number().int(), phone_number_hint: z.string() })
  .nullable();

export const updateMfaFactorsResponse = z
  .object({ status: z.enum(['code_sent', 'ok']), sms_mfa_factor: smsMfaFactor })
  .meta({ id: 'MfaFactors' });

export type UpdateMfaFactorsBody = z.infer<typeof updateMfaFactorsBody>;
export type UpdateMfaFactorsResponse = z.infer<typeof updateMfaFactorsResponse>;
