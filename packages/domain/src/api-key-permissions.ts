/**
 * What an xi-api-key may call (issue 9; decision 031). Every API route is mapped to one access rule:
 * one of ElevenLabs' permission names (the SDK's `PermissionType`, e.g. `text_to_speech`), or one of two
 * markers. A key with `permissions: null` has every permission; a key with a list has only those.
 */

/** Account-security and browser-only routes: no API key reaches them, not even one with every permission. */
export const SESSION_ONLY = 'session-only';
/** Routes that need no permission (they answer anonymous callers the same way). */
export const ANY_KEY = 'any-key';

/** A permission name or a marker. The markers use hyphens, so they never collide with a permission name. */
export type KeyAccess<Permission extends string = string> = Permission | typeof SESSION_ONLY | typeof ANY_KEY;

/** Why a key is refused: it lacks a permission (null when the route has no entry), or the route is session-only. */
export type KeyRefusal = { kind: 'missing_permission'; permission: string | null } | { kind: 'session_only' };

/**
 * Whether a key with `permissions` (null = all) may use a route whose rule is `access` (undefined when the
 * route has no entry). A route without an entry is refused to restricted keys (deny by default); a key
 * with every permission still passes it, since whatever permission it would need, the key has.
 */
export function keyRefusal(
  permissions: readonly string[] | null,
  access: string | undefined,
): KeyRefusal | null {
  if (access === SESSION_ONLY) return { kind: 'session_only' };
  if (access === ANY_KEY || permissions === null) return null;
  if (access === undefined) return { kind: 'missing_permission', permission: null };
  return permissions.includes(access) ? null : { kind: 'missing_permission', permission: access };
}

/** ElevenLabs' text for a key without the permission an operation needs (401 missing_permissions). */
export const missingPermissionMessage = (permission: string | null): string =>
  permission === null
    ? 'The API key you used is missing the permission to execute this operation.'
    : `The API key you used is missing the permission ${permission} to execute this operation.`;

/** Our text for an API key on a session-only route (403 session_required), as the sensitive actions say it. */
export const SESSION_REQUIRED_MESSAGE = 'This action needs a signed-in session, not an API key.';
