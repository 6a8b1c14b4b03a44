import { notFound } from '../../errors';

/** What the /v1 auth hook knows about the caller (see plugins/auth.ts). */
export type KeyCaller = {
  userId: string;
  via: 'session' | 'api_key';
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
