/**
 * Constants of the application shell (accounts.md §3, §4, §9; content-and-workspace.md §9) and the
 * small rules built on them.
 */
import { accountRoutes } from './app-routes';

/** "Toast: closes after 5555 ms". */
export const TOAST_AUTO_CLOSE_MS = 5555;
/** "at most 3 at once". */
export const TOAST_MAX_VISIBLE = 3;
/** "Tooltip open delay 400 ms". */
export const TOOLTIP_DELAY_MS = 400;
/** Tooltip "offset 5" (px). */
export const TOOLTIP_OFFSET = 5;
/** Tooltip "fade-in 250 ms". */
export const TOOLTIP_FADE_MS = 250;
/** "Loading button spinner minimum 400 ms". */
export const LOADING_BUTTON_MIN_SPINNER_MS = 400;
/** "Breakpoints in px: xs 480, sm 640, md 768, lg 1024, xl 1280, 2xl 1536". */
export const BREAKPOINTS = { xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
/** "Keys carrying the product prefix 'xi:' are cleared on sign-out". */
export const STORAGE_PREFIX = 'xi:';
/** "run-once flags use the prefix 'xi:run_once:'". */
export const RUN_ONCE_PREFIX = 'xi:run_once:';
/** "Theme key color-theme". */
export const COLOR_THEME_KEY = 'color-theme';
/** "default light". */
export const DEFAULT_THEME = 'light';
/** "the session token is refreshed every 5 minutes (300,000 ms)". */
export const SESSION_REFRESH_MS = 300_000;
/** "Local cache default lifetime 604,800 s (7 days)". */
export const CACHE_LIFETIME_S = 604_800;

/** A breakpoint name. */
export type Breakpoint = keyof typeof BREAKPOINTS;
/** Where toasts stack. */
export type ToastPlacement = 'top-center' | 'bottom-right';

/** The local-storage key for `name`, under the 'xi:' prefix so sign-out clears it. */
export function storageKey(name: string): string {
  return `${STORAGE_PREFIX}${name}`;
}

/** The key of a run-once flag, under 'xi:run_once:'. */
export function runOnceKey(name: string): string {
  return `${RUN_ONCE_PREFIX}${name}`;
}

/** Whether sign-out clears `key`: every key with the 'xi:' prefix (run-once flags included). */
export function isClearedOnSignOut(key: string): boolean {
  return key.startsWith(STORAGE_PREFIX);
}

const TOP_CENTER_PATHS: readonly string[] = [accountRoutes.signIn.path, accountRoutes.signUp.path];

/**
 * "Toasts appear top-centre on sign-in and sign-up, bottom-right elsewhere." A single trailing slash is
 * ignored; sub-paths count as elsewhere.
 */
export function toastPlacement(pathname: string): ToastPlacement {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return TOP_CENTER_PATHS.includes(path) ? 'top-center' : 'bottom-right';
}
