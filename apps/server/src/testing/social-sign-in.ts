import { expect } from 'vitest';
import { Jar } from './cookie-jar';
import { freePort } from './free-port';
import { startOidcStandIn, type OidcStandIn } from './oidc-stand-in';
import { startTestApp, type TestApp } from './test-app';

/** Where the app's callback finally sent the browser, and the app-side cookies (the session, if any). */
export type SocialOutcome = { location: string; jar: Jar; status: number; body: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
const decodeHtml = (s: string) =>
  s.replace(/&(#\d+|\w+);/g, (m, e: string) =>
    e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );

/**
 * Drives a browser's authorization-code round trip by hand: from the provider URL the app handed out,
 * through the stand-in's sign-in page (as `email`), back to the app's callback (a redirect, or Apple's
 * form post), following redirects until the app answers with something other than its own callback.
 */
export async function completeAtProvider(
  app: TestApp,
  providerUrl: string,
  appJar: Jar,
  identity: { email: string; name?: string },
): Promise<SocialOutcome> {
  const providerJar = new Jar();
  const appOrigin = new URL(app.config.publicUrl).origin;
  let url = providerUrl;
  let method = 'GET';
  let body: string | undefined;
  // A browser sends the Origin of the page a form was posted from (Apple's form post: the provider's).
  let origin: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const onApp = new URL(url).origin === appOrigin;
    const jar = onApp ? appJar : providerJar;
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.toString(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(origin ? { origin } : {}),
      },
      body,
    });
    jar.take(res);
    method = 'GET';
    body = undefined;
    origin = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin === appOrigin && !next.pathname.startsWith('/api/auth/')) {
        return { location: `${next.pathname}${next.search}`, jar: appJar, status: res.status, body: '' };
      }
      url = next.href;
      continue;
    }
    const text = await res.text();
    if (onApp) return { location: '', jar: appJar, status: res.status, body: text };
    expect(res.status, text).toBe(200);
    const interaction = /action="(\/interaction\/[\w-]+)"/.exec(text);
    if (interaction) {
      origin = new URL(url).origin;
      url = new URL(interaction[1]!, url).href;
      method = 'POST';
      body = new URLSearchParams({ email: identity.email, name: identity.name ?? '' }).toString();
      continue;
    }
    // response_mode=form_post: an auto-submitting form to the app's callback.
    const action = /<form[^>]*action="([^"]+)"/.exec(text);
    if (action) {
      const fields = [...text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)];
      origin = new URL(url).origin;
      url = decodeHtml(action[1]!);
      method = 'POST';
      body = new URLSearchParams(fields.map((m) => [m[1]!, decodeHtml(m[2]!)])).toString();
      continue;
    }
    throw new Error(`unexpected provider page: ${text.slice(0, 300)}`);
  }
  throw new Error('too many redirects');
}

/** POST /api/auth/sign-in/social (the full-page flow) and the round trip at the provider. */
export async function socialSignIn(
  app: TestApp,
  provider: string,
  identity: { email: string; name?: string },
  jar = new Jar(),
): Promise<SocialOutcome> {
  const res = await app.request('/api/auth/sign-in/social', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.config.publicUrl, cookie: jar.toString() },
    body: JSON.stringify({
      provider,
      callbackURL: '/',
      newUserCallbackURL: '/sign-up?step=welcome',
      errorCallbackURL: '/sign-in',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  jar.take(res);
  const { url } = (await res.json()) as { url: string };
  return completeAtProvider(app, url, jar, identity);
}

/** The app with every social provider pointed at a fresh OIDC stand-in (its callback URLs need the port first). */
export async function startAppWithStandIn(): Promise<{
  app: TestApp;
  standIn: OidcStandIn;
  close(): Promise<void>;
}> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const standIn = await startOidcStandIn({ appOrigin: origin });
  const app = await startTestApp({ env: { ...standIn.env, PORT: String(port), PUBLIC_URL: origin } });
  return {
    app,
    standIn,
    async close() {
      await app.close();
      await standIn.close();
    },
  };
}
