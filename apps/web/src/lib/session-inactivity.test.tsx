// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';

import { useSessionInactivitySignOut, type Session } from './auth';

const session = (inactivityTimeout: number | null): Session => ({
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z', inactivityTimeout },
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com', emailVerified: true },
});

/** Renders the hook signed in with the given workspace timeout; reports the current path. */
function renderSignedIn(data: Session) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['auth', 'session'], data);
  const where = { pathname: '' };
  function Wrapper({ children }: { children: ReactNode }) {
    const Probe = () => {
      where.pathname = useLocation().pathname;
      return null;
    };
    return (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/app/home']}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  {children}
                  <Probe />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    );
  }
  renderHook(() => useSessionInactivitySignOut(), { wrapper: Wrapper });
  return where;
}

describe('sign-out after the workspace inactivity timeout', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let currentSession: Session | null;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock = vi.fn(async (url: string) =>
      jsonResponse(url === '/api/auth/get-session' ? currentSession : { success: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('signs out, clears xi: keys and goes to sign-in once the user idles past the timeout', async () => {
    window.localStorage.setItem('xi:voice', '"Rachel"');
    currentSession = session(120);
    const where = renderSignedIn(currentSession);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    act(() => {
      document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    await act(() => vi.advanceTimersByTimeAsync(100_000));
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/sign-out', expect.anything());
    expect(where.pathname).toBe('/app/home');

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST' }));
    await vi.waitFor(() => expect(where.pathname).toBe('/sign-in'));
    expect(window.localStorage.getItem('xi:voice')).toBeNull();
  });

  it('never signs out when the workspace sets no timeout', async () => {
    currentSession = session(null);
    const where = renderSignedIn(currentSession);
    await act(() => vi.advanceTimersByTimeAsync(24 * 3600_000));
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/sign-out', expect.anything());
    expect(where.pathname).toBe('/app/home');
  });
});
