// @vitest-environment jsdom
import { accountRoutes, appRoutes } from '@vocalis/domain/app-routes';
import { describe, expect, it, vi } from 'vitest';

import { builtAccountRoutes, builtAppRedirects, builtAppRoutes, builtPublicRoutes } from '@/config/paths';
import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';

import { accountPages, appPages, createAppRouter, publicPages } from './router';

const session = {
  session: { id: 's', expiresAt: '2999-01-01' },
  user: { id: 'u', name: 'Ada', email: 'ada@example.com', emailVerified: true },
};

async function settle(path: string, signedIn: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(signedIn ? session : null)),
  );
  window.history.replaceState(null, '', path);
  const router = createAppRouter(createTestQueryClient());
  // Lazy route modules load on first use: slow on a busy machine.
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
  const { pathname, search } = router.state.location;
  router.dispose();
  return pathname + search;
}

describe('app router', () => {
  it('has a page for every built route', () => {
    for (const route of builtAppRoutes) expect(appPages[route.key], route.key).toBeTypeOf('function');
    for (const route of builtAccountRoutes) expect(accountPages[route.key], route.key).toBeTypeOf('function');
    for (const route of builtPublicRoutes) expect(publicPages[route.key], route.key).toBeTypeOf('function');
    expect(builtAppRoutes).toContain(appRoutes.home);
    expect(builtAccountRoutes).toContain(accountRoutes.signIn);
  });

  it('gives no page to a redirecting path (it only sends on)', () => {
    expect(builtAppRedirects.map((route) => route.key)).toEqual(['appRoot', 'history']);
    for (const route of builtAppRedirects) expect(appPages[route.key], route.key).toBeUndefined();
  });

  it('sends /app to home and /app/history to the speech history, keeping the query', async () => {
    expect(await settle('/app', true)).toBe('/app/home');
    expect(await settle('/app/', true)).toBe('/app/home');
    expect(await settle('/app/history?voice_id=v1', true)).toBe(
      '/app/speech-synthesis/text-to-speech/history?voice_id=v1',
    );
  });

  it('asks a signed-out visitor of /app/history to sign in, then to go on to the speech history', async () => {
    expect(await settle('/app/history', false)).toBe(
      '/sign-in?redirect=%2Fapp%2Fspeech-synthesis%2Ftext-to-speech%2Fhistory',
    );
  });

  it('sends a signed-out visit of /app/* to sign-in with the path as redirect', async () => {
    expect(await settle('/app/home?tab=unread', false)).toBe(
      '/sign-in?redirect=%2Fapp%2Fhome%3Ftab%3Dunread',
    );
  });

  it('sends / to home when signed in and to sign-in otherwise', async () => {
    expect(await settle('/', true)).toBe('/app/home');
    expect(await settle('/', false)).toBe('/sign-in');
  });

  it('leaves sign-in for the honoured redirect target when already signed in', async () => {
    expect(await settle('/sign-in?redirect=%2Fapp%2Fhome', true)).toBe('/app/home');
    expect(await settle('/sign-in?redirect=https%3A%2F%2Fevil.example%2Fapp%2Fhome', true)).toBe('/app/home');
  });
});
