// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { useLocalStorage } from '@/hooks/use-local-storage';
import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';

import { useSignOut } from './auth';
import { clearSignedOutStorage, readStored, runOnce, writeStored } from './storage';

describe('prefixed storage', () => {
  it("stores values under the 'xi:' prefix", () => {
    writeStored('selected-model', 'eleven_multilingual_v2');
    expect(window.localStorage.getItem('xi:selected-model')).toBe('"eleven_multilingual_v2"');
    expect(readStored('selected-model', null)).toBe('eleven_multilingual_v2');
  });

  it('useLocalStorage reads and writes the prefixed key', () => {
    const { result } = renderHook(() => useLocalStorage('billing-period', 'monthly'));
    expect(result.current[0]).toBe('monthly');
    act(() => result.current[1]('annual'));
    expect(result.current[0]).toBe('annual');
    expect(window.localStorage.getItem('xi:billing-period')).toBe('"annual"');
  });

  it("runs a run-once action only once, flagged under 'xi:run_once:'", () => {
    const fn = vi.fn();
    expect(runOnce('welcome-tour', fn)).toBe(true);
    expect(runOnce('welcome-tour', fn)).toBe(false);
    expect(fn).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem('xi:run_once:welcome-tour')).not.toBeNull();
  });

  it("clears only 'xi:' keys from local and session storage", () => {
    window.localStorage.setItem('xi:voice', '"Rachel"');
    window.localStorage.setItem('xi:run_once:tour', '1');
    window.localStorage.setItem('color-theme', 'dark');
    window.sessionStorage.setItem('xi:draft', '"hello"');
    window.sessionStorage.setItem('other', 'kept');
    clearSignedOutStorage();
    expect(window.localStorage.getItem('xi:voice')).toBeNull();
    expect(window.localStorage.getItem('xi:run_once:tour')).toBeNull();
    expect(window.localStorage.getItem('color-theme')).toBe('dark');
    expect(window.sessionStorage.getItem('xi:draft')).toBeNull();
    expect(window.sessionStorage.getItem('other')).toBe('kept');
  });
});

describe('sign-out', () => {
  it("calls the server, clears 'xi:' keys and goes to /sign-in", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('xi:coupon', '"SPRING"');
    window.localStorage.setItem('color-theme', 'dark');
    const queryClient = createTestQueryClient();

    let pathname = '';
    function Wrapper({ children }: { children: ReactNode }) {
      const Probe = () => {
        pathname = useLocation().pathname;
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
    const { result } = renderHook(() => useSignOut(), { wrapper: Wrapper });
    act(() => result.current.mutate());

    await waitFor(() => expect(pathname).toBe('/sign-in'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
    expect(window.localStorage.getItem('xi:coupon')).toBeNull();
    expect(window.localStorage.getItem('color-theme')).toBe('dark');
    expect(queryClient.getQueryData(['auth', 'session'])).toBeUndefined();
  });
});
