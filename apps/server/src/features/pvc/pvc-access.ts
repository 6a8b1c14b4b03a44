/** Access to a workspace's professional voices: permission, workspace, the voice (404 for anything else). */
import type { AppDb } from '../../db/client';
import { AppError } from '../../errors';
import { callerWorkspace } from '../../plugins/auth';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import * as voicesRepo from '../voices/custom-voices.repo';
import { voiceNotFound } from '../voices/custom-voices.service';
import type { CloningRefusal } from '@vocalis/domain/voices/voice-cloning';

export const VOICES_READ = 'voices_read';
export const VOICES_WRITE = 'voices_write';

export type Workspaces = { workspaceOf(userId: string): Promise<{ id: string }> };

export const refused = (r: CloningRefusal) => new AppError(r.status, r.code, r.message);

/** The caller's workspace, after the API key's permission check. */
export async function workspaceFor(
  caller: KeyCaller,
  scope: string,
  workspaces: Workspaces,
): Promise<string> {
  if (!hasPermission(caller, scope)) throw missingPermission(scope);
  return (await callerWorkspace(caller, workspaces)).id;
}

/** A professional voice of the workspace with its samples; another workspace's or another kind: 404. */
export async function professionalVoice(db: AppDb, workspaceId: string, voiceId: string) {
  const row = await voicesRepo.findWorkspaceVoice(db, workspaceId, voiceId);
  if (!row || row.category !== 'professional' || !row.pvc) throw voiceNotFound(voiceId);
  const samples = (await voicesRepo.samplesOf(db, [row.id])).get(row.id) ?? [];
  return {
    row: row as voicesRepo.CustomVoiceRow & { pvc: NonNullable<voicesRepo.CustomVoiceRow['pvc']> },
    samples,
  };
}
