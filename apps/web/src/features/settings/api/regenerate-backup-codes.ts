import { useMutation } from '@tanstack/react-query';
import type { BackupCodesResponse } from '@vocalis/contracts/two-factor';

import { api } from '@/lib/api-client';

/** POST /v1/user/backup-code: new backup codes (the old ones stop working). */
export function regenerateBackupCodes(password: string) {
  return api.post<BackupCodesResponse>('/v1/user/backup-code', { password });
}

export function useRegenerateBackupCodes() {
  return useMutation({ mutationFn: regenerateBackupCodes });
}
