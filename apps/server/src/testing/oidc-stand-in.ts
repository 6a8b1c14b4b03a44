import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 that stands in for Google, GitHub and
 * Apple in tests: one client per provider, the server's own OAuth client code talks to it exactly as to
 * the real ones (discovery, authorization code with PKCE, token, ID token with nonce, userinfo). Its
 * routes are GitHub's (`/login/oauth/authorize`, `/login/oauth/access_token`, `/user`), so the GitHub client
 * can use it as `GITHUB_URL` and `GITHUB_API_URL`; Google and Apple find everything by discovery.
 *
 * The sign-in page (`/interaction/:uid`) asks for an e-mail address and a name and signs that person in
 * (no password: it is a test identity provider). As Apple does, the name reaches the Apple client only
 * once: as the `user` form field of its first authorization's form post. Run it alone with
 * `node --import tsx apps/server/src/testing/oidc-stand-in.ts <port> <app-origin>` (the e2e config does).
 */

export const STAND_IN_CLIENTS = {
  google: { clientId: 'vocalis-google', clientSecret: 'google-secret-for-tests' },
  github: { clientId: 'vocalis-github', clientSecret: 'github-secret-for-tests' },
  apple: { clientId: 'vocalis-apple', clientSecret: 'apple-secret-for-tests' },
} as const;

/** A workspace's own identity provider (workspace SSO, decision 160): its redirect URI is the SSO callback. */
export const STAND_IN_SSO_CLIENT = {
  clientId: 'vocalis-workspace-sso',
  clientSecret: 'workspace-sso-secret-for-tests',
} as const;

const PROVIDER_NAMES: Record<string, string> = {
  [STAND_IN_SSO_CLIENT.clientId]: 'Acme SSO',
  [STAND_IN_CLIENTS.google.clientId]: 'Google',
  [STAND_IN_CLIENTS.github.clientId]: 'GitHub',
  [STAND_IN_CLIENTS.apple.clientId]: 'Apple',
};

export type StandInAccount = { email: string; name: string; emailVerified: boolean };

export type OidcStandIn = {
  issuer: string;
  /** Environment for the app server so every social provider points here. */
  env: Record<string, string>;
  /** People known to the provider (added by the sign-in page, or ahead of time by a test). */
  accounts: Map<string, StandInAccount>;
  close(): Promise<void>;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function signInPage(uid: string, providerName: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sign in with ${providerName}</title></head>
<body style="font-family:sans-serif;max-width:24rem;margin:4rem auto">
<h1>Sign in with ${providerName}</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label>Email <input name="email" type="email" required autofocus></label><br><br>
<label>Name <input name="name"></label><br><br>
<button type="submit">Continue</button>
</form></body></html>`;
}

/** Starts the stand-in; `appOrigin` is the Vocalis server whose /api/auth/callback/{provider} may receive codes. */
export async function startOidcStandIn(opts: { appOrigin: string; port?: number }): Promise<OidcStandIn> {
  const accounts = new Map<string, StandInAccount>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'stand-in', alg: 'RS256', use: 'sig' };

  // The port must be known before the provider exists (it is the issuer), so listen first.
  const { createServer } = await import('node:http');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = (id: keyof typeof STAND_IN_CLIENTS) => ({
    client_id: STAND_IN_CLIENTS[id].clientId,
    client_secret: STAND_IN_CLIENTS[id].clientSecret,
    redirect_uris: [`${opts.appOrigin}/api/auth/callback/${id}`],
    token_endpoint_auth_method: 'client_secret_post' as const,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code' as const],
  });

  const configuration: Configuration = {
    clients: [
      client('google'),
      client('github'),
      client('apple'),
      {
        client_id: STAND_IN_SSO_CLIENT.clientId,
        client_secret: STAND_IN_SSO_CLIENT.clientSecret,
        redirect_uris: [`${opts.appOrigin}/api/auth/sso/oidc/callback`],
        token_endpoint_auth_method: 'client_secret_basic' as const,
        grant_types: ['authorization_code'],
        response_types: ['code' as const],
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['stand-in-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'offline_access', 'name', 'read:user', 'user:email'],
    features: { devInteractions: { enabled: false } },
    // The workspace SSO client must use PKCE (S256): a flow without it is refused.
    pkce: { required: (_ctx, c) => c.clientId === STAND_IN_SSO_CLIENT.clientId },
    // Like Google and Apple: the ID token carries the granted claims (email), not only `sub`.
    conformIdTokenClaims: false,
    routes: {
      authorization: '/login/oauth/authorize',
      token: '/login/oauth/access_token',
      userinfo: '/user',
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    // Quiet: no "development keys" or secure-context warnings in test output.
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><h1>${escapeHtml(String(out.error))}</h1><p>${escapeHtml(String(out.error_description ?? ''))}</p>`;
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = false;

  // GitHub's scopes carry no `openid`; the stand-in grants identity access for them like GitHub does.
  provider.middleware.unshift(async (ctx, next) => {
    if (ctx.path === '/login/oauth/authorize' && ctx.query.client_id === STAND_IN_CLIENTS.github.clientId) {
      const url = new URL(ctx.href);
      url.searchParams.set('scope', 'openid email profile');
      ctx.url = `${url.pathname}${url.search}`;
    }
    await next();
  });

  // Apple posts the user's name once, with the first authorization of the app: a `user` form field
  // (JSON) beside `code` in the response_mode=form_post page, never in the ID token.
  const appleAuthorized = new Set<string>();
  provider.middleware.unshift(async (ctx, next) => {
    await next();
    if (typeof ctx.body !== 'string' || !ctx.body.includes('/api/auth/callback/apple"')) return;
    const code = /<input type="hidden" name="code" value="([^"]*)"\/>/.exec(ctx.body)?.[1];
    const grant = code ? await provider.AuthorizationCode.find(code) : undefined;
    const account = grant?.accountId ? accounts.get(grant.accountId) : undefined;
    if (!account || appleAuthorized.has(account.email)) return;
    appleAuthorized.add(account.email);
    const [firstName, ...rest] = account.name.split(/\s+/);
    const user = JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email: account.email });
    ctx.body = ctx.body.replace(
      /(<input type="hidden" name="code" value="[^"]*"\/>)/,
      `$1\n<input type="hidden" name="user" value="${escapeHtml(user)}"/>`,
    );
  });

  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
    if (!match) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const clientId = String(details.params.client_id);
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = signInPage(details.uid, PROVIDER_NAMES[clientId] ?? 'the provider');
      return;
    }
    const form = await readForm(ctx.req);
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (!email) {
      ctx.status = 400;
      ctx.body = 'email required';
      return;
    }
    if (!accounts.has(email)) {
      const name = (form.get('name') ?? '').trim() || email.split('@')[0]!;
      accounts.set(email, { email, name, emailVerified: true });
    }
    const grant = new provider.Grant({ accountId: email, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    ctx.respond = false;
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId: email }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  });

  server.on('request', provider.callback());
  return {
    issuer,
    accounts,
    env: {
      GOOGLE_CLIENT_ID: STAND_IN_CLIENTS.google.clientId,
      GOOGLE_CLIENT_SECRET: STAND_IN_CLIENTS.google.clientSecret,
      GOOGLE_ISSUER: issuer,
      GITHUB_CLIENT_ID: STAND_IN_CLIENTS.github.clientId,
      GITHUB_CLIENT_SECRET: STAND_IN_CLIENTS.github.clientSecret,
      GITHUB_URL: issuer,
      GITHUB_API_URL: issuer,
      APPLE_CLIENT_ID: STAND_IN_CLIENTS.apple.clientId,
      APPLE_CLIENT_SECRET: STAND_IN_CLIENTS.apple.clientSecret,
      APPLE_ISSUER: issuer,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Standalone (e2e): `node --import tsx oidc-stand-in.ts <port> <app-origin>`.
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const [port, appOrigin] = process.argv.slice(2);
  const standIn = await startOidcStandIn({ port: Number(port), appOrigin: appOrigin! });
  console.log(`OIDC stand-in at ${standIn.issuer}`);
}
