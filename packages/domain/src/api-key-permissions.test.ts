import { describe, expect, it } from 'vitest';
import { ANY_KEY, keyRefusal, missingPermissionMessage, SESSION_ONLY } from './api-key-permissions';

describe('keyRefusal (what a key may call)', () => {
  const MISSING = (permission: string | null) => ({ kind: 'missing_permission', permission });
  const SESSION = { kind: 'session_only' };
  it.each([
    // key permissions, route rule, refusal
    [['text_to_speech'], 'text_to_speech', null],
    [['dubbing_read', 'voices_read'], 'voices_read', null],
    [['dubbing_read'], 'text_to_speech', MISSING('text_to_speech')],
    [[], 'user_read', MISSING('user_read')],
    [['voices_read'], 'voices_write', MISSING('voices_write')],
    [null, 'text_to_speech', null],
    [null, 'create_user_api_key', null],
    [['dubbing_read'], ANY_KEY, null],
    [[], ANY_KEY, null],
    [null, ANY_KEY, null],
    [['user_write'], SESSION_ONLY, SESSION],
    [null, SESSION_ONLY, SESSION],
    // A route without an entry: deny restricted keys by default.
    [['user_read'], undefined, MISSING(null)],
    [null, undefined, null],
  ] as const)('key %j on a %s route -> %j', (permissions, access, refusal) => {
    expect(keyRefusal(permissions, access)).toEqual(refusal);
  });
});

describe('missingPermissionMessage (ElevenLabs wording)', () => {
  it('names the missing permission', () => {
    expect(missingPermissionMessage('user_read')).toBe(
      'The API key you used is missing the permission user_read to execute this operation.',
    );
  });
  it('says it without a name when the route has no entry', () => {
    expect(missingPermissionMessage(null)).toBe(
      'The API key you used is missing the permission to execute this operation.',
    );
  });
});
