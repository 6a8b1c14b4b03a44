// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import type { User } from '@vocalis/contracts/user';
import { UNLIMITED_CHARACTERS } from '@vocalis/domain/plan-limits';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { currentUserKey } from '@/lib/current-user';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import { CreditsMeter, creditsView } from './credits-meter';

type Sub = User['subscription'];
const sub = (over: Partial<Sub>): Sub =>
  ({
    tier: 'free',
    character_count: 0,
    character_limit: 10_000,
    next_character_count_reset_unix: null,
    ...over,
  }) as Sub;

// The cached user is what the meter shows; the mount's refetch never answers.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});

function renderMeter(subscription: Sub) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, { subscription } as User);
  return renderWithProviders(<CreditsMeter />, { queryClient });
}

describe('creditsView', () => {
  it.each([
    ['plenty left', sub({ character_count: 1_200 }), { remaining: 8_800, percentLeft: 88, level: 'ok' }],
    ['under 10% left', sub({ character_count: 9_500 }), { remaining: 500, percentLeft: 5, level: 'low' }],
    ['none left', sub({ character_count: 10_000 }), { remaining: 0, percentLeft: 0, level: 'out' }],
    // A debit beyond the limit (overage) never shows a negative count.
    ['over the limit', sub({ character_count: 10_400 }), { remaining: 0, percentLeft: 0, level: 'out' }],
  ])('%s', (_name, subscription, expected) => {
    expect(creditsView(subscription)).toMatchObject({ unlimited: false, ...expected });
  });

  it('names the plan as the product does and knows when a bigger one exists', () => {
    expect(creditsView(sub({ tier: 'growing_business' }))).toMatchObject({ plan: 'Scale', canUpgrade: true });
    expect(creditsView(sub({ tier: 'enterprise' }))).toMatchObject({ plan: 'Enterprise', canUpgrade: false });
    expect(creditsView(sub({ tier: 'trial' }))).toMatchObject({ plan: 'Enterprise', canUpgrade: false });
  });

  it('treats the stored unlimited count as unlimited', () => {
    expect(creditsView(sub({ tier: 'enterprise', character_limit: UNLIMITED_CHARACTERS }))).toMatchObject({
      unlimited: true,
      percentLeft: 100,
      level: 'ok',
    });
  });
});

describe('CreditsMeter', () => {
  it('shows the plan, the characters left and the way to upgrade', () => {
    renderMeter(sub({ character_count: 1_200 }));
    expect(screen.getByText('Free')).toBeTruthy();
    const meter = screen.getByRole('meter', { name: 'Characters left' });
    expect(meter.getAttribute('aria-valuetext')).toBe('8,800 of 10,000 characters left');
    expect(screen.getByText(/characters left$/).textContent).toBe('8,800 of 10,000 characters left');
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/app/subscription');
  });

  it('says when the characters come back', () => {
    const inThreeDays = Math.floor(Date.now() / 1000) + 3 * 86_400 + 60;
    renderMeter(sub({ next_character_count_reset_unix: inThreeDays }));
    expect(screen.getByText('Resets in 3 days')).toBeTruthy();
  });

  it('shows unlimited plans without a bar', () => {
    renderMeter(sub({ tier: 'enterprise', character_limit: UNLIMITED_CHARACTERS }));
    expect(screen.getByText('Unlimited characters')).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.getByRole('link', { name: 'View plan' })).toBeTruthy();
  });

  it('follows the user query (a generation refetches it)', async () => {
    const { queryClient } = renderMeter(sub({ character_count: 1_200 }));
    act(() => {
      queryClient.setQueryData(currentUserKey, { subscription: sub({ character_count: 9_990 }) } as User);
    });
    await waitFor(() =>
      expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('10 of 10,000 characters left'),
    );
  });
});
