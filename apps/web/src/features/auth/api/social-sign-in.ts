import { useQuery } from '@tanstack/react-query';
import type { SignInProviders, SocialProviderId } from '@vocalis/contracts/social-sign-in';

import { api } from '@/lib/api-client';

export type SocialProvider = SignInProviders['social'][number];
export type { SocialProviderId };

/** The providers the server offers (GET /v1/sign-in-providers); only configured ones are listed. */
export function useSignInProviders() {
  return useQuery({
    queryKey: ['auth', 'sign-in-providers'],
    queryFn: ({ signal }) => api.get<SignInProviders>('/v1/sign-in-providers', { signal }),
    staleTime: Infinity,
  });
}

/** Where a social sign-in lands: the new-user step for a new account, home (or the target) otherwise. */
export const NEW_USER_STEP_PATH = '/sign-up?step=welcome';

export type PopupOutcome =
  | { status: 'success'; isNewUser: boolean }
  | { status: 'cancelled' }
  | { status: 'blocked' }
  | { status: 'error'; code: string; message?: string };

const POPUP_MESSAGE_TYPE = 'better-auth:oauth-popup';
const CLOSED_POLL_MS = 500;
const CLOSE_GRACE_MS = 1500;

type PopupMessage = {
  type?: string;
  nonce?: string;
  token?: string;
  redirectTo?: string;
  error?: { code: string; description?: string };
};

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Popup sign-in (accounts.md §4 "popup sign-in with a provider"): the popup runs the provider's pages and
 * ends on the server's completion page, which posts the outcome here; the session cookie is already set
 * (same origin). Closing the popup is a cancellation, which the caller ignores (§8: silent).
 */
export function signInWithPopup(provider: SocialProviderId, callbackPath = '/'): Promise<PopupOutcome> {
  const nonce = randomNonce();
  const origin = window.location.origin;
  const start = new URL('/api/auth/oauth-popup/start', origin);
  start.search = new URLSearchParams({
    provider,
    popupOrigin: origin,
    popupNonce: nonce,
    callbackURL: callbackPath,
    newUserCallbackURL: NEW_USER_STEP_PATH,
    errorCallbackURL: '/sign-in',
  }).toString();
  const width = 500;
  const height = 640;
  const left = window.screenX + (window.outerWidth - width) / 2;
  const top = window.screenY + (window.outerHeight - height) / 2;
  const popup = window.open(
    start.href,
    'vocalis-social-sign-in',
    `width=${width},height=${height},left=${left},top=${top},menubar=no,toolbar=no`,
  );
  if (!popup) return Promise.resolve({ status: 'blocked' });

  return new Promise((resolve) => {
    let done = false;
    const settle = (outcome: PopupOutcome) => {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      if (!popup.closed) popup.close();
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent<PopupMessage>) => {
      if (event.origin !== origin) return;
      const data = event.data;
      if (data?.type !== POPUP_MESSAGE_TYPE || data.nonce !== nonce) return;
      if (data.error) {
        settle({ status: 'error', code: data.error.code, message: data.error.description });
      } else if (data.token) {
        settle({ status: 'success', isNewUser: data.redirectTo === NEW_USER_STEP_PATH });
      }
    };
    // The completion page posts its message and closes at once; the message can arrive after the opener
    // sees the window closed, so a close counts as a cancellation only after a grace period.
    const poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll);
      setTimeout(() => settle({ status: 'cancelled' }), CLOSE_GRACE_MS);
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}

const REDIRECT_PROVIDER_KEY = 'xi:social-redirect-provider';

/** The provider of a full-page flow that came back with an error (read once). */
export function takeRedirectProvider(): SocialProviderId | null {
  const value = sessionStorage.getItem(REDIRECT_PROVIDER_KEY);
  sessionStorage.removeItem(REDIRECT_PROVIDER_KEY);
  return value === 'google' || value === 'github' || value === 'apple' ? value : null;
}

/** The full-page flow, for browsers that block the popup: the provider's pages replace this one. */
export async function signInWithRedirect(provider: SocialProviderId, callbackPath = '/'): Promise<void> {
  sessionStorage.setItem(REDIRECT_PROVIDER_KEY, provider);
  const { url } = await api.post<{ url: string }>('/api/auth/sign-in/social', {
    provider,
    callbackURL: callbackPath,
    newUserCallbackURL: NEW_USER_STEP_PATH,
    errorCallbackURL: '/sign-in',
  });
  window.location.assign(url);
}

// "Account exists with different credentials": the provider to link once the user has signed in the old way.
const PENDING_LINK_KEY = 'xi:pending-link-provider';

export function rememberPendingLink(provider: SocialProviderId): void {
  sessionStorage.setItem(PENDING_LINK_KEY, provider);
}

export function takePendingLink(): SocialProviderId | null {
  const value = sessionStorage.getItem(PENDING_LINK_KEY);
  sessionStorage.removeItem(PENDING_LINK_KEY);
  return value === 'google' || value === 'github' || value === 'apple' ? value : null;
}

/**
 * Links the pending provider to the account just signed in (POST /api/auth/link-social): the provider's
 * pages follow, then the browser returns to `callbackPath`. Resolves false when nothing was pending.
 */
export async function linkPendingProvider(callbackPath: string): Promise<boolean> {
  const provider = takePendingLink();
  if (!provider) return false;
  const { url } = await api.post<{ url: string }>('/api/auth/link-social', {
    provider,
    callbackURL: callbackPath,
    errorCallbackURL: '/sign-in',
  });
  window.location.assign(url);
  return true;
}
