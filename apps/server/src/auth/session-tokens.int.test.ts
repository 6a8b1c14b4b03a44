/**
 * Session bearer tokens (accounts.md §4, §7, decision 021): GET /api/auth/token hands a verified user a
 * 15-minute JWT naming the user, the session and the workspace; /v1 accepts it while the session lives.
 */
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwks } from '../db/schema/jwks';
import { storedSessionToken } from './session-token-hash';
import { sessions, users } from '../db/schema/auth';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { SESSION_TOKEN_LIFETIME_S } from './session-tokens';

const UNAUTHORIZED = { detail: { status: 'unauthorized', message: 'Invalid or missing credentials.' } };

describe(`session bearer tokens on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  /** A fresh session of the user: its cookie and its session row's id. */
  async function signIn(user: TestUser) {
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { token } = (await res.json()) as { token: string };
    const [row] = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, storedSessionToken(token)));
    return { cookie, sessionToken: token, sessionId: row!.id };
  }

  const fetchToken = (cookie: string) => app.request('/api/auth/token', { headers: { cookie } });
  async function tokenOf(cookie: string): Promise<string> {
    const res = await fetchToken(cookie);
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }
  const getUser = (token: string, extra: Record<string, string> = {}) =>
    app.request('/v1/user', { headers: { authorization: `Bearer ${token}`, ...extra } });

  /** Signs a token with the stored key (better-auth's server-only signJWT), with the claims given. */
  async function signed(payload: Record<string, unknown>): Promise<string> {
    const { token } = await app.auth.api.signJWT({ body: { payload } });
    return token;
  }

  it('a verified user gets a 15-minute token naming user, session and workspace, and it opens /v1/user', async () => {
    const user = await createTestUser(app);
    const s = await signIn(user);
    const token = await tokenOf(s.cookie);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: user.id,
      sid: s.sessionId,
      workspace_id: user.workspaceId,
      iss: app.config.publicUrl,
      aud: app.config.publicUrl,
    });
    expect(claims.exp! - claims.iat!).toBe(SESSION_TOKEN_LIFETIME_S);
    expect(decodeProtectedHeader(token).alg).toBe('EdDSA');
    // No user profile fields ride along.
    expect(claims).not.toHaveProperty('email');

    const me = await getUser(token);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user_id: user.id, workspace_id: user.workspaceId });
  });

  it('the signing key is stored with its private half encrypted', async () => {
    const user = await createTestUser(app);
    await tokenOf(user.cookie);
    const [key] = await app.database.db.select().from(jwks);
    expect(JSON.parse(key!.publicKey)).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(key!.privateKey).not.toContain('"d"');
    expect(() => JSON.parse(JSON.parse(key!.privateKey) as string) as unknown).toThrow();
  });

  it('an unverified address gets no token: 403 in the error shape', async () => {
    const user = await createTestUser(app);
    await app.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    const res = await fetchToken(user.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: { status: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
    });
  });

  it('without a session there is no token', async () => {
    const res = await app.request('/api/auth/token');
    expect(res.status).toBe(401);
  });

  it('after sign-out the same token is refused at once', async () => {
    const user = await createTestUser(app);
    const s = await signIn(user);
    const token = await tokenOf(s.cookie);
    expect((await getUser(token)).status).toBe(200);
    const out = await app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: s.cookie, 'content-type': 'application/json', origin: app.config.publicUrl },
      body: '{}',
    });
    expect(out.status).toBe(200);
    const me = await getUser(token);
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual(UNAUTHORIZED);
  });

  it('a session revoked from elsewhere stops its token', async () => {
    const user = await createTestUser(app);
    const s = await signIn(user);
    const token = await tokenOf(s.cookie);
    await app.auth.api.revokeSession({
      body: { token: s.sessionToken },
      headers: new Headers({ cookie: user.cookie }),
    });
    expect((await getUser(token)).status).toBe(401);
    // The user's other session still works.
    expect((await app.request('/v1/user', { headers: { cookie: user.cookie } })).status).toBe(200);
  });

  it('an expired token is refused, even with a valid session cookie beside it', async () => {
    const user = await createTestUser(app);
    const s = await signIn(user);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signed({ sub: user.id, sid: s.sessionId, iat: now - 1000, exp: now - 10 });
    const me = await getUser(expired, { cookie: s.cookie });
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual(UNAUTHORIZED);
    // The same claims, not yet expired, are accepted: only the expiry made the difference.
    expect((await getUser(await signed({ sub: user.id, sid: s.sessionId }))).status).toBe(200);
  });

  it('a tampered token is refused', async () => {
    const user = await createTestUser(app);
    const s = await signIn(user);
    const token = await tokenOf(s.cookie);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect((await getUser(`${header}.${payload}.${flipped}`)).status).toBe(401);
    // Claims swapped for another user's under the original signature.
    const other = await createTestUser(app);
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: other.id })).toString('base64url');
    expect((await getUser(`${header}.${forged}.${signature}`)).status).toBe(401);
    expect((await getUser(token)).status).toBe(200);
  });

  it('a token of another issuer, or naming a session of another user, is refused', async () => {
    const user = await createTestUser(app);
    const other = await createTestUser(app);
    const s = await signIn(user);
    expect(
      (await getUser(await signed({ sub: user.id, sid: s.sessionId, iss: 'https://elsewhere.example' })))
        .status,
    ).toBe(401);
    expect((await getUser(await signed({ sub: other.id, sid: s.sessionId }))).status).toBe(401);
  });

  it("the workspace comes from the token's claims while the user is a member of it", async () => {
    const user = await createTestUser(app);
    const owner = await createTestUser(app);
    await app.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: owner.workspaceId, userId: user.id, role: 'editor' });
    const s = await signIn(user);
    const token = await signed({ sub: user.id, sid: s.sessionId, workspace_id: owner.workspaceId });
    const me = (await (await getUser(token)).json()) as { workspace_id: string };
    expect(me.workspace_id).toBe(owner.workspaceId);
    // The cookie session falls back to the user's own current workspace.
    const byCookie = (await (await app.request('/v1/user', { headers: { cookie: s.cookie } })).json()) as {
      workspace_id: string;
    };
    expect(byCookie.workspace_id).toBe(user.workspaceId);
    // A workspace the user left falls back to the user's data too.
    await app.database.db.delete(workspaceMembers).where(eq(workspaceMembers.userId, user.id));
    await app.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: user.workspaceId, userId: user.id, role: 'admin' });
    const after = (await (await getUser(token)).json()) as { workspace_id: string };
    expect(after.workspace_id).toBe(user.workspaceId);
  });

  it("the workspace's inactivity timeout applies to token use too", async () => {
    const user = await createTestUser(app);
    await app.database.db
      .update(workspaces)
      .set({ sessionInactivityTimeout: 60 })
      .where(eq(workspaces.id, user.workspaceId));
    const s = await signIn(user);
    const token = await tokenOf(s.cookie);
    expect((await getUser(token)).status).toBe(200);
    await app.database.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 61_000) })
      .where(eq(sessions.id, s.sessionId));
    expect((await getUser(token)).status).toBe(401);
    const [row] = await app.database.db.select().from(sessions).where(eq(sessions.id, s.sessionId));
    expect(row).toBeUndefined();
  });

  it('xi-api-keys and session cookies work as before', async () => {
    const user = await createTestUser(app);
    expect((await app.request('/v1/user', { headers: { 'xi-api-key': user.apiKey } })).status).toBe(200);
    expect((await app.request('/v1/user', { headers: { cookie: user.cookie } })).status).toBe(200);
  });
});
