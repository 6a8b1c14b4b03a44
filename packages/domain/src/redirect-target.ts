/**
 * Redirect after sign-in (accounts.md §2 "Redirect after sign-in", content-and-workspace.md §2):
 * "A requested redirect target is honoured only if it is on the same origin and its path is allowed."
 * Otherwise the default target applies: the root path, or the onboarding route right after an email
 * verification that used an internal code.
 */
import { appRoutes, matchesPathPattern, matchRoute, routePath } from './app-routes';

/**
 * Our path for the deployment-platform (Vercel) integration callback. The spec names only its query
 * (code, configurationId, next, source, teamId), so the path is ours to choose.
 */
export const VERCEL_CALLBACK_PATH = '/integrations/vercel/callback';

/** Query parameters the Vercel callback may carry; any other parameter makes the target invalid. */
export const VERCEL_CALLBACK_PARAMS = ['code', 'configurationId', 'next', 'source', 'teamId'] as const;

/** Query parameters the Vercel callback must carry (non-empty) to be honoured. */
export const VERCEL_CALLBACK_REQUIRED_PARAMS = ['code', 'configurationId'] as const;

/** The spec's bare names, read as top-level prefixes: `/usage` and `/usage/...` are both allowed. */
export const ALLOWED_REDIRECT_PREFIXES = [
  'affiliates',
  'audio-native',
  'history',
  'request-alpha-access',
  'subscription',
  'usage',
  'speech-synthesis',
  'dubs',
  'redirect',
] as const;

/** The spec's parameterised paths outside the route table; each `:param` is exactly one segment. */
export const ALLOWED_REDIRECT_PATTERNS = [
  '/v1/dubs/:id',
  '/v1/projects/:id',
  '/app/voice-lab/share/:publicUserId/:voiceId',
  '/sound-effects/:slug',
  '/app/studio/:id',
  VERCEL_CALLBACK_PATH,
] as const;

const MAX_DECODE_ROUNDS = 4;
// Before parsing: the URL parser silently turns `\` into `/` and drops tabs and newlines, which is how
// `/\evil.com` and `/\t/evil.com` become protocol-relative. Refuse them outright.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_RAW = /[\u0000-\u001F\u007F\\]/;

/** Whether one (still percent-encoded) path segment is a plain name, also after repeated decoding. */
function isSafeSegment(segment: string): boolean {
  let current = segment;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    if (current === '' || current === '.' || current === '..') return false;
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    if (/[/\\\u0000-\u001F\u007F]/.test(current)) return false;
    if (!current.includes('%')) return true;
    try {
      current = decodeURIComponent(current);
    } catch {
      return false;
    }
  }
  return false;
}

/** Whether every segment of `pathname` is safe; a single trailing slash is allowed. */
function hasSafeSegments(pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return trimmed.slice(1).split('/').every(isSafeSegment);
}

/**
 * Whether a (percent-encoded) pathname is on the redirect allow-list: a spec prefix, a spec pattern or a
 * route of the central table. Every segment must be a plain, non-empty name (no `.`/`..`, no encoded
 * slash or backslash at any decoding depth). The Vercel callback's query is checked separately.
 */
export function isAllowedRedirectPath(pathname: string): boolean {
  if (!hasSafeSegments(pathname)) return false;
  const first = pathname.split('/')[1] ?? '';
  if ((ALLOWED_REDIRECT_PREFIXES as readonly string[]).includes(first)) return true;
  if (ALLOWED_REDIRECT_PATTERNS.some((pattern) => matchesPathPattern(pattern, pathname))) return true;
  return matchRoute(pathname) !== undefined;
}

/** Whether a Vercel callback query carries the required parameters and nothing outside its list. */
function isValidVercelQuery(search: URLSearchParams): boolean {
  const known: readonly string[] = VERCEL_CALLBACK_PARAMS;
  for (const key of search.keys()) if (!known.includes(key)) return false;
  return VERCEL_CALLBACK_REQUIRED_PARAMS.every((key) => (search.get(key) ?? '') !== '');
}

/** Parses `target` to a URL when it is a path-absolute reference or an absolute http(s) URL. */
function parseTarget(target: string, origin: string): URL | null {
  try {
    if (target.startsWith('/')) {
      if (target.startsWith('//')) return null;
      return new URL(target, origin);
    }
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The same-origin `path + search + hash` to go to after sign-in. A target is honoured only when it is on
 * `opts.origin` and its path is allowed (`isAllowedRedirectPath`; the Vercel callback also needs `code`
 * and `configurationId` and no unlisted parameters). Anything else — other origins, `//host`, `/\host`,
 * `javascript:`, relative names, encoded traversal — gives the default: `opts.fallback` when given, else `/`,
 * or `/app/onboarding` when `afterInternalEmailVerification`. Throws only if `opts.origin` itself is not a URL.
 */
export function resolveRedirectTarget(
  target: string | null | undefined,
  opts: { origin: string; afterInternalEmailVerification?: boolean; fallback?: string },
): string {
  const expectedOrigin = new URL(opts.origin).origin;
  const fallback =
    opts.fallback ?? (opts.afterInternalEmailVerification ? routePath(appRoutes.onboarding) : '/');
  if (!target || UNSAFE_RAW.test(target)) return fallback;
  const url = parseTarget(target, expectedOrigin);
  if (!url || url.origin !== expectedOrigin) return fallback;
  if (!isAllowedRedirectPath(url.pathname)) return fallback;
  if (matchesPathPattern(VERCEL_CALLBACK_PATH, url.pathname) && !isValidVercelQuery(url.searchParams)) {
    return fallback;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
