import { z } from 'zod';

/** POST /v1/user/backup-code: the account password confirms the request. */
export const regenerateBackupCodesBody = z.object({ password: z.string().min(1).max(128) }).strict();
export const backupCodesResponse = z
  .object({ backup_codes: z.array(z.string()) })
  .meta({ id: 'BackupCodes' });
/** A backup code as better-auth issues it (`abcde-12345`). */
export const backupCodeParams = z.object({ code: z.string().min(1).max(64) });

export type BackupCodesResponse = z.infer<typeof backupCodesResponse>;
