import { describe, expect, it } from 'vitest';
import {
  assertKeysReachable,
  assertLimitKept,
  hasPermission,
  ungrantedPermission,
  type KeyCaller,
} from './api-keys.policy';

const key = (permissions: string[] | null): KeyCaller => ({
  userId: 'u',
  via: 'api_key',
  keyId: 'k',
  permissions,
});
const session: KeyCaller = { userId: 'u', via: 'session' };

describe('hasPermission', () => {
  it.each([
    [session, 'user_write', true],
    [key(null), 'user_write', true],
    [key(['user_read']), 'user_read', true],
    [key(['user_read']), 'user_write', false],
    [key([]), 'user_read', false],
  ])('%j may use %s: %s', (caller, scope, allowed) => {
    expect(hasPermission(caller, scope)).toBe(allowed);
  });
});

describe('ungrantedPermission (a key hands out only what it has)', () => {
  it.each([
    [session, null, null],
    [session, ['user_write'], null],
    [key(null), null, null],
    [key(null), ['voices_write'], null],
    [key(['create_user_api_key', 'text_to_speech']), ['text_to_speech'], null],
    [key(['create_user_api_key', 'text_to_speech']), [], null],
    [key(['create_user_api_key']), ['text_to_speech'], 'text_to_speech'],
    [key(['create_user_api_key', 'text_to_speech']), ['text_to_speech', 'user_write'], 'user_write'],
    // 'all' needs a key with every permission; the first one it lacks is named.
    [key(['create_user_api_key']), null, 'text_to_speech'],
  ] as const)('%j granting %j -> %s', (caller, granted, missing) => {
    expect(ungrantedPermission(caller, granted)).toBe(missing);
  });
});

describe('assertLimitKept (a limited key cannot lift its limit)', () => {
  it('lets unlimited callers and calls that leave limits alone through', () => {
    expect(() => assertLimitKept(null, true)).not.toThrow();
    expect(() => assertLimitKept(100, false)).not.toThrow();
  });
  it('refuses a limited key that creates keys or changes a limit', () => {
    expect(() => assertLimitKept(100, true)).toThrow(
      expect.objectContaining({
        statusCode: 403,
        code: 'character_limited_key',
        message: 'An API key with a character limit cannot create keys or change character limits.',
      }),
    );
  });
});

describe('whose keys a caller reaches', () => {
  const ws = { id: 'w1', tier: 'free', ownerId: 'u1', inactivityTimeout: null };
  const admin = { userId: 'u1', via: 'session' as const, workspace: { ...ws, role: 'admin' } };
  const editor = { ...admin, workspace: { ...ws, role: 'editor' } };
  const reach = (
    caller: Parameters<typeof assertKeysReachable>[0],
    id: string,
    saWorkspace: string | null,
  ) => {
    try {
      assertKeysReachable(caller, id, saWorkspace);
      return 'ok';
    } catch (e) {
      return (e as { code: string }).code;
    }
  };

  it.each([
    ['their own keys', admin, 'u1', null, 'ok'],
    ["a service account's of the workspace they administer", admin, 'sa1', 'w1', 'ok'],
    ["a service account's of another workspace", admin, 'sa1', 'w2', 'service_account_not_found'],
    ['an id that is no service account', admin, 'u2', null, 'service_account_not_found'],
    ["a service account's of their workspace as editor", editor, 'sa1', 'w1', 'workspace_admin_required'],
  ])('%s', (_what, caller, id, saWorkspace, outcome) => {
    expect(reach(caller, id, saWorkspace)).toBe(outcome);
  });
});
