// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '@vocalis/contracts/user';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { currentUserKey } from '@/lib/current-user';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { EarlyAccessSection } from './early-access-section';
import { ProfileSection } from './profile-section';

const me = { user_id: 'u1', first_name: 'Ada', email: 'ada@example.com' } as User;

function stubFetch(answer: (url: string, init: RequestInit) => unknown) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => jsonResponse(answer(url, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderProfile() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, me);
  return renderWithProviders(
    <Routes>
      <Route path="/app/settings" element={<ProfileSection />} />
      <Route path="/sign-in" element={<p>Sign-in page</p>} />
    </Routes>,
    { path: '/app/settings', queryClient },
  );
}

describe('ProfileSection', () => {
  it('saves a changed first name through /v1/user/edit', async () => {
    const fetchMock = stubFetch((url, init) =>
      url.includes('/v1/user/edit') ? { ...me, ...JSON.parse(String(init.body)) } : me,
    );
    renderProfile();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.click(save);
    await waitFor(() => expect(toastStore.getSnapshot().map((t) => t.title)).toContain('Profile updated.'));
    const edit = fetchMock.mock.calls.find(([url]) => url.includes('/v1/user/edit'))!;
    expect(JSON.parse(String(edit[1]?.body))).toEqual({ first_name: 'Grace' });
  });
});

describe('EarlyAccessSection', () => {
  it('requests alpha access once', async () => {
    let requested = false;
    stubFetch((url) => {
      if (url.includes('request-alpha-access')) requested = true;
      return { has_alpha_access: false, requested };
    });
    renderWithProviders(<EarlyAccessSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request access' }));
    await screen.findByText('Your request is in. We will let you know when you have access.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull());
  });
});
