import { describe, expect, it } from 'vitest';
import { allRoutes, appRoutes, matchesPathPattern, matchRoute, routePath } from './app-routes';

describe('matchesPathPattern', () => {
  it.each([
    ['/app/studio/:id', '/app/studio/p1', true],
    ['/app/studio/:id', '/app/studio/p1/', true],
    ['/app/studio/:id', '/app/studio/', false],
    ['/app/studio/:id', '/app/studio', false],
    ['/app/studio/:id', '/app/studio/a/b', false],
    ['/app/voice-lab/share/:publicUserId/:voiceId', '/app/voice-lab/share/u/v', true],
    ['/app/voice-lab/share/:publicUserId/:voiceId', '/app/voice-lab/share//v', false],
    ['/app/home', '/app/home', true],
    ['/app/home', '/App/home', false],
    ['/app/home', '/app/home/x', false],
    ['/app/home', '/app/home//', false],
  ])('%s vs %s -> %s', (pattern, pathname, expected) => {
    expect(matchesPathPattern(pattern, pathname)).toBe(expected);
  });
});

describe('matchRoute', () => {
  it.each([
    ['/app/home', 'home'],
    ['/sign-in', 'signIn'],
    ['/app/audio-native/settings/player', 'audioNativePlayer'],
    ['/app/voice-lab/share/u1/v1', 'voiceLabShare'],
    ['/share/AbCdEfGhIjKlMnOpQrStUvWx', 'sharedSpeech'],
    ['/share', undefined],
    ['/app/nope', undefined],
    ['/app', 'appRoot'],
    ['/app/history', 'history'],
    ['/', undefined],
  ])('%s -> %s', (pathname, key) => {
    expect(matchRoute(pathname)?.key).toBe(key);
  });

  it('matches every route of the table to itself', () => {
    for (const route of allRoutes)
      expect(matchRoute(routePath(route, { publicUserId: 'u', voiceId: 'v', shareId: 's', id: 'p' }))).toBe(route);
  });
});

describe('routePath', () => {
  it('encodes parameters so one value stays one segment', () => {
    expect(routePath(appRoutes.voiceLabShare, { publicUserId: 'a/b', voiceId: 'v' })).toBe(
      '/app/voice-lab/share/a%2Fb/v',
    );
  });

  it('throws when a parameter is missing', () => {
    expect(() => routePath(appRoutes.voiceLabShare, { publicUserId: 'a' })).toThrow(
      'Missing route parameter voiceId for voiceLabShare',
    );
  });
});

describe('redirecting paths', () => {
  it('sends /app to the start page and /app/history to the speech history', () => {
    expect(matchRoute('/app')?.redirectTo).toBe(appRoutes.home.path);
    expect(matchRoute('/app/history')?.redirectTo).toBe(appRoutes.textToSpeechHistory.path);
  });

  it('lead to a page of the table (never another redirect) and exist exactly when it does', () => {
    const redirects = allRoutes.filter((route) => route.redirectTo !== undefined);
    expect(redirects.length).toBeGreaterThanOrEqual(2);
    for (const route of redirects) {
      const target = matchRoute(route.redirectTo!);
      expect(target, route.key).toBeDefined();
      expect(target!.redirectTo, route.key).toBeUndefined();
      expect(route.built, route.key).toBe(target!.built);
    }
  });
});
