import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import type { SocialConfig } from '../config';

/** The three social providers of accounts.md §1, in the order the sign-in page shows them. */
export const SOCIAL_PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'github', name: 'GitHub' },
  { id: 'apple', name: 'Apple' },
] as const;

export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number]['id'];

export const providerName = (id: string): string => SOCIAL_PROVIDERS.find((p) => p.id === id)?.name ?? id;

/** The configured providers (id and display name), for the sign-in page. */
export function enabledSocialProviders(config: SocialConfig): { id: SocialProviderId; name: string }[] {
  return SOCIAL_PROVIDERS.filter((p) => config[p.id]).map((p) => ({ id: p.id, name: p.name }));
}

const discovery = (issuer: string) => `${issuer}/.well-known/openid-configuration`;

/** A name for users whose provider does not send one (Apple sends it only once, GitHub may not). */
const fallbackName = (profile: GenericOAuthUserInfo) =>
  (typeof profile.name === 'string' && profile.name) ||
  (typeof profile.login === 'string' && profile.login) ||
  (typeof profile.email === 'string' ? profile.email.split('@')[0]! : '');

type GitHubEmail = { email: string; primary: boolean; verified: boolean };

/**
 * GitHub is plain OAuth 2 (no OpenID Connect): the profile is `GET {api}/user`, and whether the address is
 * verified comes from `GET {api}/user/emails` (the primary one). A server that has no emails list (the
 * local stand-in) is taken at its profile's `email_verified` claim.
 */
async function gitHubUserInfo(apiUrl: string, accessToken: string): Promise<GenericOAuthUserInfo | null> {
  const headers = {
    authorization: `Bearer ${accessToken}`,
    accept: 'application/vnd.github+json',
    'user-agent': 'Vocalis',
  };
  const res = await fetch(`${apiUrl}/user`, { headers });
  if (!res.ok) return null;
  const profile = (await res.json()) as Record<string, unknown>;
  const id = profile.id ?? profile.sub;
  if (id === undefined || id === null) return null;
  let email = typeof profile.email === 'string' ? profile.email : undefined;
  let emailVerified = profile.email_verified === true;
  const emailsRes = await fetch(`${apiUrl}/user/emails`, { headers }).catch(() => null);
  if (emailsRes?.ok) {
    const emails = (await emailsRes.json()) as GitHubEmail[];
    const primary = emails.find((e) => e.primary) ?? emails[0];
    if (primary) {
      email = primary.email;
      emailVerified = primary.verified;
    }
  }
  return {
    ...profile,
    id: String(id),
    email,
    emailVerified,
    name: fallbackName({ ...profile, email, emailVerified }),
    image: typeof profile.avatar_url === 'string' ? profile.avatar_url : undefined,
  };
}

type OAuth2Tokens = Parameters<NonNullable<GenericOAuthConfig['getUserInfo']>>[0];

/** What Apple posts once, as the `user` form field of the first authorization's callback (JSON). */
type AppleFirstAuthorization = { name?: { firstName?: string; lastName?: string }; email?: string };

/**
 * Apple has no userinfo endpoint: the profile is the ID token (better-auth verified it, with the nonce,
 * before this runs). The name is never in the token; Apple posts it once, with the first authorization
 * (response_mode=form_post), and better-auth hands that `user` field over parsed as `tokens.user`. It names
 * the new user; later sign-ins carry no name and leave the stored one alone (no overrideUserInfo).
 */
export function appleUserInfo(
  tokens: OAuth2Tokens & { user?: AppleFirstAuthorization },
): GenericOAuthUserInfo | null {
  const payload = tokens.idToken?.split('.')[1];
  if (!payload) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof claims.sub !== 'string') return null;
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  const given = tokens.user?.name?.firstName?.trim() ?? '';
  const family = tokens.user?.name?.lastName?.trim() ?? '';
  const profile = {
    ...claims,
    id: claims.sub,
    sub: claims.sub,
    email,
    // Apple sends `email_verified` as a boolean or as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    given_name: given || undefined,
    family_name: family || undefined,
  };
  return { ...profile, name: [given, family].filter(Boolean).join(' ') || fallbackName(profile) };
}

/**
 * better-auth generic OAuth configs for the configured providers. Google and Apple are OpenID Connect
 * (endpoints and signing keys from the issuer's discovery document, ID tokens verified with a nonce);
 * GitHub is OAuth 2 with its REST API. Every URL comes from config, so the same code runs against the
 * real providers and against a local OIDC provider in tests.
 */
export function socialProviderConfigs(config: SocialConfig): GenericOAuthConfig[] {
  const configs: GenericOAuthConfig[] = [];
  const mapProfileToUser = (profile: GenericOAuthUserInfo) => ({ name: fallbackName(profile) });
  if (config.google) {
    configs.push({
      providerId: 'google',
      name: 'Google',
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      discoveryUrl: discovery(config.google.issuer),
      requireIdTokenVerification: true,
      scopes: ['openid', 'email', 'profile'],
      mapProfileToUser,
    });
  }
  if (config.github) {
    const { webUrl, apiUrl } = config.github;
    configs.push({
      providerId: 'github',
      name: 'GitHub',
      clientId: config.github.clientId,
      clientSecret: config.github.clientSecret,
      authorizationUrl: `${webUrl}/login/oauth/authorize`,
      tokenUrl: `${webUrl}/login/oauth/access_token`,
      scopes: ['read:user', 'user:email'],
      getUserInfo: async (tokens) => (tokens.accessToken ? gitHubUserInfo(apiUrl, tokens.accessToken) : null),
      mapProfileToUser,
    });
  }
  if (config.apple) {
    configs.push({
      providerId: 'apple',
      name: 'Apple',
      clientId: config.apple.clientId,
      clientSecret: config.apple.clientSecret,
      discoveryUrl: discovery(config.apple.issuer),
      requireIdTokenVerification: true,
      scopes: ['openid', 'name', 'email'],
      // Apple posts the result back when name or email is asked for.
      responseMode: 'form_post',
      getUserInfo: async (tokens) => appleUserInfo(tokens),
      mapProfileToUser,
    });
  }
  return configs;
}
