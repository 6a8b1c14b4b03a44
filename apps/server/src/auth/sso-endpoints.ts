import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { GenericEndpointContext } from '@better-auth/core';
import { z } from 'zod';

/** What the SSO endpoints need from the workspace SSO feature (kept as an interface: auth imports no feature). */
export type SsoSignIn = {
  start(
    providerId: string,
    callbackPath: string | undefined,
  ): Promise<{ url: string; state: string; pending: { providerId: string; callbackPath: string } }>;
  finishOidc(
    state: string,
    pending: unknown,
    code: string,
    createUser: CreateSsoUser,
  ): Promise<{ userId: string }>;
  finishSaml(
    providerId: string,
    pending: unknown,
    samlResponse: string,
    createUser: CreateSsoUser,
  ): Promise<{ userId: string }>;
  finishSamlUnsolicited(
    providerId: string,
    samlResponse: string,
    createUser: CreateSsoUser,
  ): Promise<{ userId: string }>;
  metadata(providerId: string): Promise<string | null>;
};
export type CreateSsoUser = (user: {
  email: string;
  name: string;
  method: 'sso-oidc' | 'sso-saml';
  providerId: string;
}) => Promise<string>;

const STATE_COOKIE = 'sso_state';
const STATE_TTL_S = 600;
const stateKey = (state: string) => `sso-${state}`;

/** Where a failed SSO sign-in lands: the sign-in page, which shows the message (the code is for support). */
function failure(err: unknown): string {
  let message = 'Unable to sign in';
  let code = 'sso_failed';
  if (err instanceof APIError) {
    const body = err.body as { message?: unknown; code?: unknown } | undefined;
    if (typeof body?.message === 'string') message = body.message;
    if (typeof body?.code === 'string') code = body.code;
  } else if (err instanceof Error && 'code' in err && typeof err.code === 'string') {
    message = err.message;
    code = err.code;
  }
  return `/sign-in?${new URLSearchParams({ sso_error: message, sso_error_code: code })}`;
}

/**
 * Workspace single sign-on inside better-auth (decisions 160, 162): `GET /sso/start?provider_id=` sends the
 * browser to the workspace's provider with a state bound to this browser by a signed cookie;
 * `GET /sso/oidc/callback` and `GET /sso/saml/acs/:providerId` (the IdP's form post is turned into this
 * GET by features/sso, as Apple's is) check that state (a SAML response without one is IdP-initiated), let the feature verify the answer and decide the
 * user, then make a session as any sign-in does (the session hooks still refuse disabled accounts).
 */
export function ssoEndpoints(sso: SsoSignIn) {
  return {
    id: 'vocalis-workspace-sso',
    endpoints: {
      ssoStart: createAuthEndpoint(
        '/sso/start',
        {
          method: 'GET',
          query: z.object({
            provider_id: z.string().min(1).max(100),
            callback_url: z.string().max(2000).optional(),
          }),
        },
        async (ctx) => {
          let started;
          try {
            started = await sso.start(ctx.query.provider_id, ctx.query.callback_url);
          } catch (err) {
            throw ctx.redirect(failure(err));
          }
          await ctx.context.internalAdapter.createVerificationValue({
            identifier: stateKey(started.state),
            value: JSON.stringify(started.pending),
            expiresAt: new Date(Date.now() + STATE_TTL_S * 1000),
          });
          const cookie = ctx.context.createAuthCookie(STATE_COOKIE, { maxAge: STATE_TTL_S });
          await ctx.setSignedCookie(cookie.name, started.state, ctx.context.secret, {
            ...cookie.attributes,
            path: '/api/auth/sso',
          });
          throw ctx.redirect(started.url);
        },
      ),
      ssoOidcCallback: createAuthEndpoint(
        '/sso/oidc/callback',
        {
          method: 'GET',
          query: z.object({
            code: z.string().max(4000).optional(),
            state: z.string().max(200).optional(),
            error: z.string().max(200).optional(),
          }),
        },
        async (ctx) => {
          const pending = await takeState(ctx, ctx.query.state);
          if (!pending || !ctx.query.code) throw ctx.redirect(failure(new SsoError()));
          await signIn(ctx, pending, (createUser) =>
            sso.finishOidc(ctx.query.state!, pending, ctx.query.code!, createUser),
          );
        },
      ),
      ssoSamlAcs: createAuthEndpoint(
        '/sso/saml/acs/:providerId',
        {
          method: 'GET',
          query: z.object({
            SAMLResponse: z.string().max(200_000),
            RelayState: z.string().max(2000).optional(),
          }),
        },
        async (ctx) => {
          const pending = await takeState(ctx, ctx.query.RelayState);
          // No attempt of this browser: an IdP-initiated response (decision 267), which the feature accepts
          // only when the provider allows it; it lands on the app's home (an IdP's RelayState is not a target).
          if (!pending) {
            await signIn(ctx, { callbackPath: '/app/home' }, (createUser) =>
              sso.finishSamlUnsolicited(ctx.params.providerId, ctx.query.SAMLResponse, createUser),
            );
          }
          await signIn(ctx, pending!, (createUser) =>
            sso.finishSaml(ctx.params.providerId, pending, ctx.query.SAMLResponse, createUser),
          );
        },
      ),
      ssoSamlMetadata: createAuthEndpoint(
        '/sso/saml/metadata/:providerId',
        { method: 'GET' },
        async (ctx) => {
          const xml = await sso.metadata(ctx.params.providerId);
          if (!xml) throw new APIError('NOT_FOUND', { message: 'This identity provider does not exist.' });
          return new Response(xml, { headers: { 'content-type': 'application/samlmetadata+xml' } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

class SsoError extends Error {
  readonly code = 'sso_state_mismatch';
  constructor() {
    super('Single sign-on failed. Please try again or contact your workspace administrator.');
  }
}

type Ctx = GenericEndpointContext;

/** The pending attempt of this browser: the state must match its signed cookie, and is used up here. */
async function takeState(ctx: Ctx, state: string | undefined): Promise<{ callbackPath: string } | null> {
  const cookie = ctx.context.createAuthCookie(STATE_COOKIE);
  const bound = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  ctx.setCookie(cookie.name, '', { ...cookie.attributes, path: '/api/auth/sso', maxAge: 0 });
  if (!state || !bound || bound !== state) return null;
  const row = await ctx.context.internalAdapter.consumeVerificationValue(stateKey(state));
  if (!row || row.expiresAt < new Date()) return null;
  return JSON.parse(row.value) as { callbackPath: string };
}

async function signIn(
  ctx: Ctx,
  pending: { callbackPath: string },
  finish: (createUser: CreateSsoUser) => Promise<{ userId: string }>,
): Promise<never> {
  let userId: string;
  try {
    ({ userId } = await finish(async ({ email, name, method, providerId }) => {
      const user = await ctx.context.internalAdapter.createUser(
        { email, name, emailVerified: true },
        { method, sso: { providerId } },
      );
      return user.id;
    }));
  } catch (err) {
    throw ctx.redirect(failure(err));
  }
  try {
    const session = await ctx.context.internalAdapter.createSession(userId);
    const user = await ctx.context.internalAdapter.findUserById(userId);
    if (!session || !user) throw new SsoError();
    await setSessionCookie(ctx, { session, user });
  } catch (err) {
    throw ctx.redirect(failure(err));
  }
  throw ctx.redirect(pending.callbackPath);
}
