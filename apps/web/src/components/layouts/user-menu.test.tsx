// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import type { User } from '@vocalis/contracts/user';
import { describe, expect, it, vi } from 'vitest';

import { sessionQueryOptions } from '@/lib/auth';
import { currentUserKey } from '@/lib/current-user';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import { UserMenu } from './user-menu';

function renderMenu(tier = 'creator') {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryOptions().queryKey, {
    session: { id: 's', expiresAt: '2999-01-01' },
    user: { id: 'u', name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true },
  } as never);
  queryClient.setQueryData(currentUserKey, { subscription: { tier } } as User);
  renderWithProviders(<UserMenu />, { queryClient });
  fireEvent.keyDown(screen.getByRole('button', { name: 'Account menu for ada@example.com' }), {
    key: 'Enter',
  });
  return screen.getByRole('menu');
}

describe('UserMenu', () => {
  it('names the account and its plan, and leads to plan, usage, settings, API keys and the docs', () => {
    const menu = renderMenu('growing_business');
    expect(within(menu).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(menu).getByText('Scale')).toBeTruthy();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Subscription', '/app/subscription'],
      ['Usage', '/app/usage'],
      ['Settings', '/app/settings'],
      ['API keys', '/app/settings/api-keys'],
      ['Docs (opens in a new tab)', '/docs'],
      ['Sign out', null],
    ]);
  });

  it('switches the theme from the menu and keeps it open', () => {
    const menu = renderMenu();
    const dark = within(menu).getByRole('menuitemcheckbox', { name: 'Dark theme' });
    expect(dark.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(dark);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem('color-theme')).toBe('dark');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Dark theme' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});
