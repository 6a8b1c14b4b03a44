import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { publicFetch } from '../../lib/public-fetch';

type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
};

export type OidcProviderConfig = { issuer: string; clientId: string; clientSecret: string };
/** What the browser's round trip must bring back, kept server-side under the state. */
export type OidcPending = { state: string; nonce: string; codeVerifier: string };

const b64url = (b: Buffer) => b.toString('base64url');

/**
 * The relying-party side of OpenID Connect for workspace SSO: discovery, the authorization-code request with
 * PKCE (S256), state and nonce, the code exchange and the ID token's verification (signature by the
 * issuer's JWKS, iss, aud, exp, nonce). Every request to the issuer goes through publicFetch (decision 044).
 */
export class OidcClient {
  constructor(private readonly outbound: { allowPrivate: boolean }) {}

  private async getJson<T>(url: string, init?: Parameters<typeof publicFetch>[1]['send']): Promise<T> {
    const res = await publicFetch(new URL(url), {
      allowPrivate: this.outbound.allowPrivate,
      signal: AbortSignal.timeout(10_000),
      ...(init && { send: init }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }

  async discover(issuer: string): Promise<Discovery> {
    const d = await this.getJson<Discovery>(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (d.issuer.replace(/\/$/, '') !== issuer.replace(/\/$/, '')) {
      throw new Error(`discovery issuer ${d.issuer} is not ${issuer}`);
    }
    return d;
  }

  /** The provider's authorization URL and the secrets the callback must match. */
  async authorizationUrl(
    p: OidcProviderConfig,
    redirectUri: string,
  ): Promise<{ url: string; pending: OidcPending }> {
    const d = await this.discover(p.issuer);
    const pending = {
      state: b64url(randomBytes(24)),
      nonce: b64url(randomBytes(24)),
      codeVerifier: b64url(randomBytes(32)),
    };
    const url = new URL(d.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: p.clientId,
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: b64url(createHash('sha256').update(pending.codeVerifier).digest()),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.href, pending };
  }

  /** Exchanges the code and verifies the ID token; the verified claims. */
  async finish(
    p: OidcProviderConfig,
    redirectUri: string,
    code: string,
    pending: OidcPending,
  ): Promise<{ sub: string; email: string; emailVerified: boolean; name: string }> {
    const d = await this.discover(p.issuer);
    const basic = !d.token_endpoint_auth_methods_supported?.length
      ? true
      : d.token_endpoint_auth_methods_supported.includes('client_secret_basic');
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: pending.codeVerifier,
      ...(basic ? {} : { client_id: p.clientId, client_secret: p.clientSecret }),
    });
    const enc = (s: string) => encodeURIComponent(s);
    const tokens = await this.getJson<{ id_token?: string }>(d.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(basic && {
          authorization: `Basic ${Buffer.from(`${enc(p.clientId)}:${enc(p.clientSecret)}`).toString('base64')}`,
        }),
      },
      body: form.toString(),
    });
    if (!tokens.id_token) throw new Error('the token response has no id_token');
    const jwks = await this.getJson<JSONWebKeySet>(d.jwks_uri);
    const { payload } = await jwtVerify(tokens.id_token, createLocalJWKSet(jwks), {
      issuer: d.issuer,
      audience: p.clientId,
      maxTokenAge: '10m',
    });
    if (payload.nonce !== pending.nonce) throw new Error('the ID token nonce does not match');
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
      throw new Error('the ID token carries no sub or email');
    }
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified !== false,
      name: typeof payload.name === 'string' ? payload.name : '',
    };
  }
}
