/**
 * The short-lived session bearer token (accounts.md §4 and §7, decision 021): once the session is known
 * and its email is verified, a token from /api/auth/token is fetched at once, renewed every
 * SESSION_REFRESH_MS (300,000 ms) and attached by the API client to /v1 and /v2 calls. It lives only in
 * memory and is dropped on sign-out or when the session goes away.
 */
import { SESSION_REFRESH_MS } from '@vocalis/domain/ui-constants';

export const SESSION_TOKEN_PATH = '/api/auth/token';

/** The session fields the store follows (better-auth's get-session answer; null when signed out). */
export type TokenSession = {
  session?: { id?: string } | null;
  user?: { emailVerified?: boolean } | null;
} | null;

/** GET /api/auth/token with the session cookie: the token, or null when the server gives none. */
export async function fetchSessionToken(): Promise<string | null> {
  try {
    const response = await fetch(SESSION_TOKEN_PATH, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { token?: unknown } | null;
    return typeof body?.token === 'string' ? body.token : null;
  } catch {
    return null;
  }
}

export type SessionTokenStore = {
  /** Follows the session: tokens for a verified one, none otherwise; a new session gets a new token. */
  sync(session: TokenSession): void;
  /** The token to send now (waits for a fetch under way), or null when there is none. */
  current(): Promise<string | null>;
  /** Fetches a fresh token (after a 401); null when there is no verified session or none was given. */
  renew(): Promise<string | null>;
  /** Forgets the token and stops renewing (sign-out). */
  clear(): void;
};

export function createSessionTokenStore(
  fetchToken: () => Promise<string | null> = fetchSessionToken,
  refreshMs: number = SESSION_REFRESH_MS,
): SessionTokenStore {
  let sessionId: string | null = null;
  let token: string | null = null;
  let pending: Promise<string | null> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  // Bumped on every clear, so a fetch that was under way cannot bring a token back afterwards.
  let generation = 0;

  function renew(): Promise<string | null> {
    if (!sessionId) return Promise.resolve(null);
    const started = generation;
    const fetching: Promise<string | null> = fetchToken()
      .catch(() => null)
      .then((fresh) => {
        // Superseded (a new session, or sign-out): answer with the store's token now, if any.
        if (started !== generation) return store.current();
        token = fresh;
        if (pending === fetching) pending = null;
        return fresh;
      });
    pending = fetching;
    return fetching;
  }

  function clear(): void {
    generation += 1;
    sessionId = null;
    token = null;
    pending = null;
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  const store: SessionTokenStore = {
    sync(session) {
      const id = (session?.user?.emailVerified && session.session?.id) || null;
      if (id === sessionId) return;
      clear();
      if (!id) return;
      sessionId = id;
      void renew();
      timer = setInterval(() => void renew(), refreshMs);
    },
    current() {
      if (!sessionId) return Promise.resolve(null);
      return pending ?? (token ? Promise.resolve(token) : renew());
    },
    renew,
    clear,
  };
  return store;
}

/** The app's one store, fed by the session query and read by the API client. */
export const sessionToken = createSessionTokenStore();
