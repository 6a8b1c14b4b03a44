import { PERMISSION_TYPES } from '@vocalis/contracts/api-keys';
import type { CallerWorkspace } from '../../auth/session-principal.repo';
import { administeredWorkspaceId } from '../../auth/workspace-admin';
import { forbidden, notFound } from '../../errors';

/** What the /v1 auth hook knows about the caller (see plugins/auth.ts). */
export type KeyCaller = {
  userId: string;
  via: 'session' | 'api_key';
  keyId?: string;
  permissions?: readonly string[] | null;
  /** The caller's current workspace and role (a service account's keys are managed by its admins). */
  workspace?: CallerWorkspace | null;
};

/** Whether the caller may use a scope: sessions may do everything, a key only what its permissions list. */
export function hasPermission(caller: KeyCaller, scope: string): boolean {
  if (caller.via !== 'api_key') return true;
  return caller.permissions == null || caller.permissions.includes(scope);
}

/**
 * Whose keys a caller manages: their own, or those of a service account of the workspace they administer
 * (`serviceAccountWorkspaceId`: the workspace of the active service account with that id, else null).
 * Anything else answers 404 so ids are not confirmed to strangers; a member of the service account's
 * workspace who may not administer it gets 403.
 */
export function assertKeysReachable(
  caller: KeyCaller,
  serviceAccountUserId: string,
  serviceAccountWorkspaceId: string | null,
): void {
  if (caller.userId === serviceAccountUserId) return;
  if (serviceAccountWorkspaceId === null || serviceAccountWorkspaceId !== caller.workspace?.id) {
    throw notFound('Service account not found.', 'service_account_not_found');
  }
  administeredWorkspaceId(caller);
}

/**
 * A key hands out only what it has: the first permission that `granted` (null = all) would give a key,
 * new or edited (itself included), which the calling key lacks; null when it may. Sessions grant anything.
 */
export function ungrantedPermission(caller: KeyCaller, granted: readonly string[] | null): string | null {
  if (caller.via !== 'api_key' || caller.permissions == null) return null;
  const own = caller.permissions;
  return (granted ?? PERMISSION_TYPES).find((p) => !own.includes(p)) ?? null;
}

/**
 * A key with its own character limit may not create keys or change a key's limit: either would lift the
 * limit (a new unlimited key, or 'clear' on itself).
 */
export function assertLimitKept(callerLimit: number | null, touchesLimits: boolean): void {
  if (callerLimit !== null && touchesLimits) {
    throw forbidden(
      'An API key with a character limit cannot create keys or change character limits.',
      'character_limited_key',
    );
  }
}
