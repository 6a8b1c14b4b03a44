import { describe, expect, it } from 'vitest';
import * as ui from './ui-constants';

// accounts.md §9 and content-and-workspace.md §9, quoted per row.
describe('shell constants have the spec values', () => {
  it.each([
    ['TOAST_AUTO_CLOSE_MS', '"Toast: closes after 5555 ms"', 5555],
    ['TOAST_MAX_VISIBLE', '"at most 3 at once"', 3],
    ['TOOLTIP_DELAY_MS', '"Tooltip open delay 400 ms"', 400],
    ['TOOLTIP_OFFSET', '"offset 5"', 5],
    ['TOOLTIP_FADE_MS', '"fade-in 250 ms"', 250],
    ['LOADING_BUTTON_MIN_SPINNER_MS', '"Loading button spinner minimum 400 ms"', 400],
    ['STORAGE_PREFIX', '"the product prefix \'xi:\'"', 'xi:'],
    ['RUN_ONCE_PREFIX', '"run-once flags use the prefix \'xi:run_once:\'"', 'xi:run_once:'],
    ['COLOR_THEME_KEY', '"Theme key color-theme"', 'color-theme'],
    ['DEFAULT_THEME', '"default light"', 'light'],
    ['SESSION_REFRESH_MS', '"refreshed every 5 minutes (300,000 ms)"', 300_000],
    ['CACHE_LIFETIME_S', '"Local cache default lifetime 604,800 s (7 days)"', 604_800],
  ] as const)('%s matches %s', (name, _quote, expected) => {
    expect(ui[name]).toBe(expected);
  });

  it('BREAKPOINTS are "xs 480, sm 640, md 768, lg 1024, xl 1280, 2xl 1536"', () => {
    expect(ui.BREAKPOINTS).toStrictEqual({ xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
  });

  it('the session refresh is 5 minutes and the cache lifetime 7 days', () => {
    expect(ui.SESSION_REFRESH_MS).toBe(5 * 60 * 1000);
    expect(ui.CACHE_LIFETIME_S).toBe(7 * 24 * 60 * 60);
  });
});

describe('storage keys', () => {
  it.each([
    ['coupon', 'xi:coupon', 'xi:run_once:coupon'],
    ['saved-dialogue', 'xi:saved-dialogue', 'xi:run_once:saved-dialogue'],
  ])('%s -> %s and %s', (name, key, runOnce) => {
    expect(ui.storageKey(name)).toBe(key);
    expect(ui.runOnceKey(name)).toBe(runOnce);
  });

  // "Keys carrying the product prefix 'xi:' are cleared on sign-out"
  it.each([
    ['xi:coupon', true],
    [ui.storageKey('voice'), true],
    [ui.runOnceKey('tour'), true],
    ['color-theme', false],
    ['XI:coupon', false],
    ['xicoupon', false],
    ['other:xi:coupon', false],
  ])('isClearedOnSignOut(%j) is %s', (key, cleared) => {
    expect(ui.isClearedOnSignOut(key)).toBe(cleared);
  });

  it('keeps the theme across sign-out (its key has no xi: prefix)', () => {
    expect(ui.isClearedOnSignOut(ui.COLOR_THEME_KEY)).toBe(false);
  });
});

// "Toasts appear top-centre on sign-in and sign-up, bottom-right elsewhere."
describe('toastPlacement', () => {
  it.each([
    ['/sign-in', 'top-center'],
    ['/sign-up', 'top-center'],
    ['/sign-in/', 'top-center'],
    ['/', 'bottom-right'],
    ['/app/home', 'bottom-right'],
    ['/sign-in/extra', 'bottom-right'],
    ['/app/sign-in', 'bottom-right'],
    ['/action', 'bottom-right'],
  ])('%s -> %s', (pathname, placement) => {
    expect(ui.toastPlacement(pathname)).toBe(placement);
  });
});
