import { PermissionType } from '@elevenlabs/elevenlabs-js/api';
import { describe, expect, it } from 'vitest';
import { createApiKeyBody, editApiKeyBody, PERMISSION_TYPES } from './api-keys';

describe('API-key contracts', () => {
  it("lists exactly the SDK's permission names, so stored permissions are ones ElevenLabs clients know", () => {
    expect([...PERMISSION_TYPES].sort()).toEqual(Object.values(PermissionType).sort());
  });

  it.each(['CI\u202Egnp.exe', 'a\u2066b\u2069', 'zero\u200Bwidth', 'two\nlines'])(
    'refuses the key name %j with a message naming the character',
    (name) => {
      for (const schema of [createApiKeyBody, editApiKeyBody]) {
        const parsed = schema.safeParse({ name, permissions: 'all' });
        expect(parsed.success).toBe(false);
        expect(parsed.error!.issues[0]!.message).toMatch(
          /^Names cannot contain invisible, control or text-direction characters \(found U\+[0-9A-F]{4}\)\.$/,
        );
      }
    },
  );

  it('keeps names in any script, emoji sequences and trimmed spaces', () => {
    for (const name of ['Production', 'מפתח', '  ключ  ', '👩\u200D💻 laptop']) {
      expect(createApiKeyBody.parse({ name, permissions: 'all' }).name).toBe(name.trim());
    }
  });
});
