import { describe, expect, it } from 'vitest';
import { bearerJwtOf, readSessionClaims } from './session-tokens';

describe('session token claims', () => {
  it('reads user, session and workspace', () => {
    expect(readSessionClaims({ sub: 'u1', sid: 's1', workspace_id: 'w1' })).toEqual({
      userId: 'u1',
      sessionId: 's1',
      workspaceId: 'w1',
    });
  });

  it('leaves the workspace to the user data when the claim is absent', () => {
    expect(readSessionClaims({ sub: 'u1', sid: 's1' })?.workspaceId).toBeNull();
    expect(readSessionClaims({ sub: 'u1', sid: 's1', workspace_id: null })?.workspaceId).toBeNull();
  });

  it('refuses a payload without user or session, or with a malformed workspace', () => {
    expect(readSessionClaims({ sid: 's1' })).toBeNull();
    expect(readSessionClaims({ sub: 'u1' })).toBeNull();
    expect(readSessionClaims({ sub: 'u1', sid: '' })).toBeNull();
    expect(readSessionClaims({ sub: 'u1', sid: 's1', workspace_id: 7 })).toBeNull();
  });
});

describe('bearer JWT detection', () => {
  it('takes a three-part token', () => {
    expect(bearerJwtOf('Bearer aaa.bbb.c-_c')).toBe('aaa.bbb.c-_c');
    expect(bearerJwtOf('bearer aaa.bbb.ccc')).toBe('aaa.bbb.ccc');
  });

  it("leaves API keys and better-auth's opaque session tokens alone", () => {
    expect(bearerJwtOf(`Bearer sk_${'0'.repeat(48)}`)).toBeNull();
    expect(bearerJwtOf('Bearer Abc123.SiGnAtUrE%3D')).toBeNull();
    expect(bearerJwtOf(undefined)).toBeNull();
    expect(bearerJwtOf('Basic aaa.bbb.ccc')).toBeNull();
  });
});
