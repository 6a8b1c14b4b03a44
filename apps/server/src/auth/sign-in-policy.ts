import type { AppDb } from '../db/client';
import { providerName } from './social-providers';
import { workspaceSignInRules } from './sign-in-policy.repo';

/** How a session is being made: email and password, or a social provider's id. */
export type SignInMethod = { kind: 'email_password' } | { kind: 'social'; provider: string };

/** The workspace-policy failures of accounts.md §8 ("a message telling the user to use other identity providers"). */
export const SIGN_IN_POLICY_MESSAGES = {
  emailPassword:
    'Your workspace does not allow signing in with email and password. Please sign in with another identity provider.',
  provider: (provider: string) =>
    `Your workspace does not allow signing in with ${providerName(provider)}. Please sign in with another identity provider.`,
} as const;

type EndpointContext = {
  path?: string;
  params?: Record<string, unknown>;
  body?: unknown;
} | null;

/** The sign-in method of the better-auth endpoint that is creating a session, if it is a sign-in. */
export function signInMethodOf(ctx: EndpointContext): SignInMethod | null {
  const path = ctx?.path ?? '';
  if (path === '/sign-in/email') return { kind: 'email_password' };
  if (path.startsWith('/callback/') || path.startsWith('/oauth2/callback/')) {
    const id = ctx?.params?.id ?? ctx?.params?.providerId;
    return typeof id === 'string' ? { kind: 'social', provider: id } : null;
  }
  if (path === '/sign-in/social') {
    const provider = (ctx?.body as { provider?: unknown } | undefined)?.provider;
    return typeof provider === 'string' ? { kind: 'social', provider } : null;
  }
  return null;
}

/**
 * Null when no workspace of the user forbids this method; otherwise the error code and text. Checked when
 * the session is created, i.e. after the password or provider proved who the user is.
 */
export async function signInMethodBlock(
  db: AppDb,
  userId: string,
  method: SignInMethod,
): Promise<{ code: string; message: string } | null> {
  const rules = await workspaceSignInRules(db, userId);
  if (method.kind === 'email_password') {
    return rules.some((r) => r.emailPasswordDisabled)
      ? { code: 'EMAIL_PASSWORD_SIGN_IN_DISABLED', message: SIGN_IN_POLICY_MESSAGES.emailPassword }
      : null;
  }
  return rules.some((r) => r.disallowedProviders.includes(method.provider))
    ? { code: 'SOCIAL_PROVIDER_DISALLOWED', message: SIGN_IN_POLICY_MESSAGES.provider(method.provider) }
    : null;
}
