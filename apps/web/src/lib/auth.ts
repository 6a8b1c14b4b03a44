import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountRoutes, appRoutes } from '@vocalis/domain/app-routes';
import { resolveRedirectTarget } from '@vocalis/domain/redirect-target';
import { SESSION_REFRESH_MS } from '@vocalis/domain/ui-constants';
import { useNavigate } from 'react-router';

import { useIdleTimeout } from '@/hooks/use-idle-timeout';

import { api } from './api-client';
import { sessionToken } from './session-token';
import { clearSignedOutStorage } from './storage';

/** The user as better-auth returns it from /api/auth/get-session. */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
};

/** inactivityTimeout: the workspace's session_inactivity_timeout in seconds, null when unset (accounts.md §4). */
export type Session = {
  session: { id: string; expiresAt: string; inactivityTimeout?: number | null };
  user: SessionUser;
};

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'session'],
    // Every answer also steers the session bearer token: one for a verified session, none otherwise.
    queryFn: async ({ signal }) => {
      const session = await api.get<Session | null>('/api/auth/get-session', { signal });
      sessionToken.sync(session);
      return session;
    },
    staleTime: SESSION_REFRESH_MS,
    refetchInterval: SESSION_REFRESH_MS,
  });

/** The signed-in user, or null once the session is known to be absent. */
export function useUser(): SessionUser | null | undefined {
  const { data } = useQuery(sessionQueryOptions());
  return data === undefined ? undefined : (data?.user ?? null);
}

export type SignInInput = { email: string; password: string };

/** What the password step answers: a session, or a second factor still to give (decision 009). */
export type SignInResult = { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null;

/** POST /api/auth/sign-in/email; the server sets the session cookie, or a two-factor challenge cookie. */
export function signInWithEmail(input: SignInInput): Promise<SignInResult> {
  return api.post<SignInResult>('/api/auth/sign-in/email', input);
}

/** Reloads the session so guarded routes see the user. */
export function refreshSession(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

/** Signs in, then reloads the session (unless a second factor is still needed). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithEmail,
    onSuccess: async (result) => {
      if (!result?.twoFactorRedirect) await refreshSession(queryClient);
    },
  });
}

/** Where an unauthenticated visit to `path` is sent. */
export function signInHref(redirectTo?: string): string {
  return redirectTo
    ? `${accountRoutes.signIn.path}?redirect=${encodeURIComponent(redirectTo)}`
    : accountRoutes.signIn.path;
}

/**
 * Sign-out (accounts.md §4): ends the server session, clears the prefixed local and session keys and
 * the query cache, and goes to sign-in. Local data is cleared even when the server call fails.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('/api/auth/sign-out', {}),
    onSettled: async () => {
      sessionToken.clear();
      clearSignedOutStorage();
      await queryClient.cancelQueries();
      // Removing (not nulling) the session keeps the signed-in shell from redirecting with ?redirect=
      // before this navigation; the sign-in loader then asks the server afresh.
      queryClient.removeQueries();
      await navigate(accountRoutes.signIn.path, { replace: true });
    },
  });
}

/**
 * Where to go after sign-in: the requested target when resolveRedirectTarget honours it (same origin,
 * allowed path), otherwise home. Account pages are never a destination.
 */
export function afterSignInPath(requested: string | null, origin: string = window.location.origin): string {
  const resolved = resolveRedirectTarget(requested, { origin });
  const pathname = resolved.split(/[?#]/)[0] ?? '';
  const isAccountPage = Object.values(accountRoutes).some((route) => route.path === pathname);
  return resolved === '/' || isAccountPage ? appRoutes.home.path : resolved;
}

/**
 * The inactivity timer (accounts.md §4): when the workspace sets session_inactivity_timeout, the user is
 * signed out after that long without mouse, key, click, scroll, touch or visibility events.
 */
export function useSessionInactivitySignOut(): void {
  const { data } = useQuery(sessionQueryOptions());
  const signOut = useSignOut();
  useIdleTimeout(data?.session.inactivityTimeout, () => signOut.mutate());
}
