// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parseActionLinkParams } from '@vocalis/domain/action-link';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ActionLinkView } from './action-link-view';

function render(query: string, answer: () => Response) {
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(
    <Routes>
      <Route
        path="/action"
        element={<ActionLinkView params={parseActionLinkParams(new URLSearchParams(query))} />}
      />
      <Route path="/" element={<p>Home page</p>} />
      <Route path="/sign-in" element={<p>Sign-in page</p>} />
    </Routes>,
    { path: `/action?${query}` },
  );
  return fetch;
}

const titles = () => toastStore.getSnapshot().map((t) => t.title);

describe('action link, mode verifySignInRequest: grant support access', () => {
  afterEach(() => {
    for (const t of toastStore.getSnapshot()) toastStore.dismiss(t.id);
  });

  it('asks first, then spends the code, toasts the thanks and goes to the root path', async () => {
    const fetch = render('mode=verifySignInRequest&oobCode=sr1', () =>
      jsonResponse({ status: 'ok', message: 'Thank you for granting us access to your account!' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Grant support access' });
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    await screen.findByText('Home page');
    expect(titles()).toContain('Thank you for granting us access to your account!');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/user/sign-in-requests/verify');
    expect(JSON.parse(String(init.body))).toEqual({ sign_in_request_verification_code: 'sr1' });
  });

  it('shows the server message when the grant fails', async () => {
    const message = 'This support-access request is invalid, has expired or was already answered.';
    render('mode=verifySignInRequest&oobCode=old', () =>
      jsonResponse({ detail: { status: 'invalid_sign_in_request', message } }, { status: 400 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Grant access' }));
    await waitFor(() => expect(titles()).toContain(message));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('Cancel leaves without granting', async () => {
    const fetch = render('mode=verifySignInRequest&oobCode=sr2', () => jsonResponse({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText('Home page');
    expect(fetch).not.toHaveBeenCalled();
  });
});
