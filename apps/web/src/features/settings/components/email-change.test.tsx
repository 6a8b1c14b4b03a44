// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@vocalis/contracts/user';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { currentUserKey } from '@/lib/current-user';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ProfileSection } from './profile-section';

const me = { user_id: 'u1', first_name: 'Ada', email: 'ada@example.com' } as User;

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function render(path: string, answer: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => answer(url, init));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, me);
  renderWithProviders(
    <Routes>
      <Route
        path="/app/settings"
        element={
          <>
            <ProfileSection />
            <Search />
          </>
        }
      />
    </Routes>,
    { path, queryClient },
  );
  return fetchMock;
}

const titles = () => toastStore.getSnapshot().map((t) => t.title);

describe('email change', () => {
  afterEach(() => {
    for (const t of toastStore.getSnapshot()) toastStore.dismiss(t.id);
  });

  it('sends the new address to send-email-change-verification and shows the server answer', async () => {
    const fetchMock = render('/app/settings', (url) =>
      url.includes('send-email-change-verification')
        ? jsonResponse({
            status: 'ok',
            message: 'We have sent an email to new@example.com with a link to confirm the change.',
          })
        : jsonResponse(me),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog');
    const send = within(dialog).getByRole('button', { name: 'Send link' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText('New email'), { target: { value: 'ADA@example.com' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('New email'), { target: { value: ' new@example.com ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() =>
      expect(titles()).toContain(
        'We have sent an email to new@example.com with a link to confirm the change.',
      ),
    );
    const call = fetchMock.mock.calls.find(([url]) => url.includes('send-email-change-verification'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ new_email: 'new@example.com' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('redeems the code in the URL once with PUT /v1/user/email, toasts success and clears the URL', async () => {
    const fetchMock = render('/app/settings?emailChangeCode=abc123&tab=x', (url) =>
      url.includes('/v1/user/email')
        ? jsonResponse({ status: 'ok', email: 'new@example.com', message: 'x' })
        : jsonResponse(me),
    );
    await waitFor(() =>
      expect(titles()).toContain('Email updated! Please refresh this page to reauthenticate.'),
    );
    const puts = fetchMock.mock.calls.filter(([url]) => url.includes('/v1/user/email'));
    expect(puts).toHaveLength(1);
    expect(puts[0]![0]).toBe('/v1/user/email?verification_code=abc123');
    expect(puts[0]![1]?.method).toBe('PUT');
    expect(screen.getByTestId('search').textContent).toBe('?tab=x');
  });

  it('reverts with is_reverting and shows the failure text with the server message', async () => {
    const fetchMock = render('/app/settings?emailChangeCode=old1&isReverting=true', (url) =>
      url.includes('/v1/user/email')
        ? jsonResponse(
            {
              detail: {
                status: 'invalid_verification_code',
                message: 'The verification code is invalid, has expired or was already used.',
              },
            },
            { status: 400 },
          )
        : jsonResponse(me),
    );
    await waitFor(() =>
      expect(titles()).toContain(
        'Unable to update email, The verification code is invalid, has expired or was already used.',
      ),
    );
    const put = fetchMock.mock.calls.find(([url]) => url.includes('/v1/user/email'))!;
    expect(put[0]).toBe('/v1/user/email?verification_code=old1&is_reverting=true');
    expect(screen.getByTestId('search').textContent).toBe('');
  });
});
