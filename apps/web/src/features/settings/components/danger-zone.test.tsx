// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import type { User } from '@vocalis/contracts/user';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import SettingsRoute from '@/app/routes/app/settings/settings';
import { currentUserKey } from '@/lib/current-user';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { DangerZone } from './danger-zone';
import { ProfileSection } from './profile-section';

const me = { user_id: 'u1', first_name: 'Ada', email: 'ada@example.com' } as User;

function stubFetch(answer: (url: string) => unknown = () => me) {
  const fetchMock = vi.fn(async (url: string) => jsonResponse(answer(url)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function render(ui: React.ReactElement) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, me);
  return renderWithProviders(
    <Routes>
      <Route path="/app/settings" element={ui} />
      <Route path="/sign-in" element={<p>Sign-in page</p>} />
    </Routes>,
    { path: '/app/settings', queryClient },
  );
}

describe('settings: danger zone', () => {
  it('is the last section of the page, and the profile card no longer holds the delete', async () => {
    stubFetch();
    render(<SettingsRoute />);
    const zone = await screen.findByRole('region', { name: 'Danger zone' });
    const sections = [...document.querySelectorAll('section')];
    expect(sections.at(-1)).toBe(zone);
    expect(within(zone).getByRole('button', { name: 'Delete account' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Delete account' })).toHaveLength(1);
  });

  it('leaves the profile card to the name and the email', () => {
    stubFetch();
    render(<ProfileSection />);
    expect(screen.getByLabelText('First name')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
  });

  it('deletes the account only after DELETE is typed, then goes to sign-in', async () => {
    const fetchMock = stubFetch((url) => (url.includes('/delete') ? { status: 'ok', message: 'x' } : me));
    render(<DangerZone />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'DELETE' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await screen.findByText('Sign-in page', {}, { timeout: 5000 });
    const call = fetchMock.mock.calls.find(([url]) => url.includes('/v1/user/delete'))!;
    expect((call as unknown as [string, RequestInit])[1].method).toBe('DELETE');
  });
});
