import { useMutation } from '@tanstack/react-query';
import type { BackupCodesResponse } from '@vocalis/contracts/two-factor';

import { api } from '@/lib/api-client';

/** POST /v1/user/backup-code: new backup codes (the old ones stop working); no password for an account without one. */
export function regenerateBackupCodes(password: string | undefined) {
  return api.post<BackupCodesResponse>('/v1/user/backup-code', password === undefined ? {} : { password });
}

export function useRegenerateBackupCodes() {
  return useMutation({ mutationFn: regenerateBackupCodes });
}
