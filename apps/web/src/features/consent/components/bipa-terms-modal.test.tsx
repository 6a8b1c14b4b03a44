// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '@vocalis/contracts/user';
import { describe, expect, it, vi } from 'vitest';

import { currentUserKey } from '@/lib/current-user';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { BipaTermsModal } from './bipa-terms-modal';

const user = (geo: string | null, accepted = false) =>
  ({ user_id: 'u1', geo_location: geo, accepted_bipa_terms: accepted }) as User;

function renderFor(u: User) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, u);
  return renderWithProviders(<BipaTermsModal />, { queryClient });
}

describe('BipaTermsModal', () => {
  it.each([['US-IL'], ['US-TX'], ['US-WA'], ['CA-QC']])('asks users in %s who have not accepted', (geo) => {
    renderFor(user(geo));
    expect(screen.getByRole('dialog', { name: 'Updated Terms' })).toBeTruthy();
  });

  it.each([
    ['US-CA', false],
    ['US-IL', true],
    [null, false],
  ])('stays away for %j (accepted %s)', (geo, accepted) => {
    renderFor(user(geo, accepted));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('posts the acceptance and closes', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      jsonResponse(user('US-IL', url.includes('/accept-bipa-terms'))),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderFor(user('US-IL'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/v1/user/accept-bipa-terms');
  });
});
