import { PERMISSION_TYPES } from '@vocalis/contracts/api-keys';
import { forbidden, notFound } from '../../errors';

/** What the /v1 auth hook knows about the caller (see plugins/auth.ts). */
export type KeyCaller = {
  userId: string;
  via: 'session' | 'api_key';
  keyId?: string;
  permissions?: readonly string[] | null;
};

/** Whether the caller may use a scope: sessions may do everything, a key only what its permissions list. */
export function hasPermission(caller: KeyCaller, scope: string): boolean {
  if (caller.via !== 'api_key') return true;
  return caller.permissions == null || caller.permissions.includes(scope);
}

/**
 * Keys belong to a "service account", which today is the user themself: a caller manages only their own
 * keys. Another account's id answers 404 so ids are not confirmed to strangers.
 */
export function assertOwnKeys(caller: KeyCaller, serviceAccountUserId: string): void {
  if (caller.userId !== serviceAccountUserId) {
    throw notFound('Service account not found.', 'service_account_not_found');
  }
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
