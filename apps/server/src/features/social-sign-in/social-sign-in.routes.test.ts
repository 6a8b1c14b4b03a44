import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/auth';
import { workspaces } from '../../db/schema/workspaces';
import { Jar } from '../../testing/cookie-jar';
import { completeAtProvider, socialSignIn, startAppWithStandIn } from '../../testing/social-sign-in';
import { createTestUser, startTestApp, type TestApp } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };

let seq = 0;
const newEmail = (tag: string) => `${tag}-${++seq}-${Date.now()}@example.com`;

describe(`social sign-in (Google, GitHub, Apple against a local OIDC provider) on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startAppWithStandIn());
  });
  afterAll(async () => {
    await close?.();
  });

  const me = (jar: Jar) => app.request('/v1/user', { headers: { cookie: jar.toString() } });

  it('lists the configured providers for the sign-in page', async () => {
    const res = await app.request('/v1/sign-in-providers');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      social: [
        { id: 'google', name: 'Google' },
        { id: 'github', name: 'GitHub' },
        { id: 'apple', name: 'Apple' },
      ],
      appeal_url: app.config.appealUrl,
    });
  });

  it.each(['google', 'github', 'apple'])(
    'signs up a new user with %s: the new-user step, a verified account with a workspace; next time straight in',
    async (provider) => {
      const email = newEmail(provider);
      const first = await socialSignIn(app, provider, { email, name: 'Ada Lovelace' });
      expect(first.location).toBe('/sign-up?step=welcome');
      const res = await me(first.jar);
      expect(res.status).toBe(200);
      const user = (await res.json()) as { email: string; is_email_verified: boolean; workspace_id: string };
      expect(user.email).toBe(email);
      expect(user.is_email_verified).toBe(true);
      expect(user.workspace_id).toBeTruthy();
      const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
      expect(row!.name).toBe('Ada Lovelace');
      const linked = await app.database.db
        .select({ providerId: accounts.providerId, accountId: accounts.accountId })
        .from(accounts)
        .where(eq(accounts.userId, row!.id));
      expect(linked).toEqual([{ providerId: provider, accountId: expect.any(String) }]);

      const again = await socialSignIn(app, provider, { email });
      expect(again.location).toBe('/');
      const second = (await (await me(again.jar)).json()) as { email: string };
      expect(second.email).toBe(email);
    },
  );

  it('names a new Apple user from the `user` field Apple posts with the first authorization only', async () => {
    const db = app.database.db;
    const email = newEmail('apple-name');
    const first = await socialSignIn(app, 'apple', { email, name: 'Grace Brewster Hopper' });
    expect(first.location).toBe('/sign-up?step=welcome');
    const nameOf = async () => (await db.select().from(users).where(eq(users.email, email)))[0]!;
    const user = await nameOf();
    expect(user.name).toBe('Grace Brewster Hopper');
    const [workspace] = await db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.ownerId, user.id));
    expect(workspace!.name).toBe("Grace Brewster Hopper's Workspace");

    // Later authorizations post no name: the stored one stays.
    const again = await socialSignIn(app, 'apple', { email });
    expect(again.location).toBe('/');
    expect((await nameOf()).name).toBe('Grace Brewster Hopper');
  });

  // Apple answers with a form post from its own origin, which carries the popup's cookies.
  it.each(['google', 'apple'])(
    'hands the session back to the opener in the popup flow (%s)',
    async (provider) => {
      const email = newEmail(`popup-${provider}`);
      const jar = new Jar();
      const start = await app.request(
        `/api/auth/oauth-popup/start?${new URLSearchParams({
          provider,
          popupOrigin: app.config.publicUrl,
          popupNonce: 'nonce-123',
          callbackURL: '/',
          newUserCallbackURL: '/sign-up?step=welcome',
        })}`,
        { redirect: 'manual' },
      );
      expect(start.status).toBe(302);
      jar.take(start);
      const outcome = await completeAtProvider(app, start.headers.get('location')!, jar, { email });
      expect(outcome.status).toBe(200);
      const data = JSON.parse(
        /<script type="application\/json"[^>]*>(.*?)<\/script>/s.exec(outcome.body)![1]!,
      ) as {
        type: string;
        nonce: string;
        token: string;
        redirectTo: string;
        targetOrigin: string;
      };
      expect(data).toMatchObject({
        type: 'better-auth:oauth-popup',
        nonce: 'nonce-123',
        redirectTo: '/sign-up?step=welcome',
        targetOrigin: app.config.publicUrl,
      });
      // The same session is in the popup's cookie (same origin as the app).
      expect((await me(outcome.jar)).status).toBe(200);
    },
  );

  it('refuses a banned account in the popup with the notice; the sign-in page has its appeal link', async () => {
    const email = newEmail('banned');
    const first = await socialSignIn(app, 'google', { email });
    const { user_id } = (await (await me(first.jar)).json()) as { user_id: string };
    await app.users.setAccountState(user_id, 'banned');

    const jar = new Jar();
    const start = await app.request(
      `/api/auth/oauth-popup/start?${new URLSearchParams({
        provider: 'google',
        popupOrigin: app.config.publicUrl,
        popupNonce: 'nonce-banned',
        callbackURL: '/',
        newUserCallbackURL: '/sign-up?step=welcome',
        errorCallbackURL: '/sign-in',
      })}`,
      { redirect: 'manual' },
    );
    jar.take(start);
    const outcome = await completeAtProvider(app, start.headers.get('location')!, jar, { email });
    const data = JSON.parse(
      /<script type="application\/json"[^>]*>(.*?)<\/script>/s.exec(outcome.body)![1]!,
    ) as { nonce: string; token?: string; error?: { code: string; description?: string } };
    expect(data.nonce).toBe('nonce-banned');
    expect(data.token).toBeUndefined();
    expect(data.error?.code).toBe('BANNED_USER');
    expect(data.error?.description).toMatch(/prohibited/i);
    expect((await me(outcome.jar)).status).toBe(401);

    // The popup's answer has no room for the link; the page that opened it reads it here.
    const providers = (await (await app.request('/v1/sign-in-providers')).json()) as { appeal_url: string };
    expect(providers.appeal_url).toBe(app.config.appealUrl);
    expect(providers.appeal_url).toMatch(/^(https?|mailto):/);
  });

  it('answers "account exists with different credentials" for a password account, then links after a password sign-in', async () => {
    const user = await createTestUser(app);
    const refused = await socialSignIn(app, 'google', { email: user.email });
    expect(refused.location).toBe('/sign-in?error=account_not_linked');
    expect((await me(refused.jar)).status).toBe(401);

    // Resume: signed in with the password, the user links Google to the account.
    const jar = new Jar(user.cookie);
    const link = await app.request('/api/auth/link-social', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl, cookie: jar.toString() },
      body: JSON.stringify({ provider: 'google', callbackURL: '/app/settings' }),
    });
    expect(link.status).toBe(200);
    jar.take(link);
    const linked = await completeAtProvider(app, ((await link.json()) as { url: string }).url, jar, {
      email: user.email,
    });
    expect(linked.location).toBe('/app/settings');

    const now = await socialSignIn(app, 'google', { email: user.email });
    expect(now.location).toBe('/');
    const body = (await (await me(now.jar)).json()) as { user_id: string };
    expect(body.user_id).toBe(user.id);
  });

  it('refuses a provider the workspace forbids, with the spec message, and makes no session', async () => {
    const email = newEmail('forbidden');
    const first = await socialSignIn(app, 'github', { email });
    const { workspace_id } = (await (await me(first.jar)).json()) as { workspace_id: string };
    await app.database.db
      .update(workspaces)
      .set({ disallowedSocialProviders: ['github'] })
      .where(eq(workspaces.id, workspace_id));

    const refused = await socialSignIn(app, 'github', { email });
    const url = new URL(refused.location, app.config.publicUrl);
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('error')).toBe('SOCIAL_PROVIDER_DISALLOWED');
    expect(url.searchParams.get('error_description')).toBe(
      'Your workspace does not allow signing in with GitHub. Please sign in with another identity provider.',
    );
    expect((await me(refused.jar)).status).toBe(401);
  });

  it('refuses email and password when the workspace forbids it (after the password check)', async () => {
    const user = await createTestUser(app);
    await app.database.db
      .update(workspaces)
      .set({ emailPasswordSignInDisabled: true })
      .where(eq(workspaces.id, user.workspaceId));
    const signIn = (password: string) =>
      app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
        body: JSON.stringify({ email: user.email, password }),
      });
    const res = await signIn(user.password);
    expect(res.status).toBe(403);
    expect(((await res.json()) as Detail).detail).toEqual({
      status: 'EMAIL_PASSWORD_SIGN_IN_DISABLED',
      message:
        'Your workspace does not allow signing in with email and password. Please sign in with another identity provider.',
    });
    expect(
      res.headers.getSetCookie().some((c) => c.includes('session_token=') && !/max-age=0/i.test(c)),
    ).toBe(false);
    // A wrong password is still just wrong credentials: the policy is told only to the account's owner.
    expect((await signIn('wrong-password-1!')).status).toBe(401);
    const sessions = await app.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
    expect(sessions).toHaveLength(1);
  });

  it('returns silently to the sign-in page when the user cancels at the provider', async () => {
    const jar = new Jar();
    const res = await app.request('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ provider: 'google', callbackURL: '/', errorCallbackURL: '/sign-in' }),
    });
    jar.take(res);
    const { url } = (await res.json()) as { url: string };
    const state = new URL(url).searchParams.get('state')!;
    const back = await app.request(`/api/auth/callback/google?error=access_denied&state=${state}`, {
      headers: { cookie: jar.toString() },
      redirect: 'manual',
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/sign-in?error=access_denied');
  });
});

describe(`social sign-in without configuration on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { APPEAL_URL: 'https://vocalis.test/appeal' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers no provider and refuses to start one', async () => {
    expect(await (await app.request('/v1/sign-in-providers')).json()).toEqual({
      social: [],
      appeal_url: 'https://vocalis.test/appeal',
    });
    const res = await app.request('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ provider: 'google', callbackURL: '/' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
