// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { UsageView } from './usage-view';

const DAY = 86_400_000;
let statsCalls: URLSearchParams[];

beforeEach(() => {
  statsCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/get-session')) {
        return jsonResponse({
          session: { id: 's', expiresAt: '2999-01-01' },
          user: { id: 'u1', name: 'Bea', email: 'b@example.com', emailVerified: true },
        });
      }
      if (url === '/api/auth/token') return jsonResponse({ token: 'session-token' });
      if (url === '/v1/user/subscription') {
        return jsonResponse({
          tier: 'creator',
          character_count: 1_234,
          character_limit: 100_000,
          next_character_count_reset_unix: Date.UTC(2031, 0, 15) / 1000,
        });
      }
      if (url === '/v1/voices') return jsonResponse({ voices: [{ voice_id: 'v1', name: 'Rachel' }] });
      if (url === '/v1/models') return jsonResponse([{ model_id: 'm1', name: 'Flite English' }]);
      if (url.includes('/api-keys'))
        return jsonResponse({ 'api-keys': [{ key_id: 'k1', name: 'CI', hint: 'sk_...ab12' }] });
      if (url === '/v1/workspace/members')
        return jsonResponse([
          { user_id: 'u1', email: 'b@example.com' },
          { user_id: 'u2', email: 'cy@example.com' },
        ]);
      const params = new URL(url, 'http://x').searchParams;
      statsCalls.push(params);
      const time = [0, DAY, 2 * DAY];
      const usage: Record<string, Record<string, number[]>> = {
        none: { All: [100, 0, 300] },
        voice: { v1: [100, 0, 200], v9: [0, 0, 100] },
        model: { m1: [100, 0, 300] },
        api_keys: { k1: [0, 0, 300], unknown: [100, 0, 0] },
        user: { u1: [100, 0, 0], u2: [0, 0, 300] },
      };
      return jsonResponse({ time, usage: usage[params.get('breakdown_type')!] });
    }),
  );
});

describe('usage page', () => {
  it('shows the period quota and reset date, characters per day, and named breakdowns', async () => {
    renderWithProviders(<UsageView workspace={false} />);
    expect((await screen.findByTestId('usage-quota')).textContent).toBe('1,234 / 100,000');
    expect(screen.getByText('Resets on January 15, 2031')).toBeTruthy();
    expect(await screen.findByText('Characters per day · 400 in range')).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'DayCharacters',
      'Jan 1100',
      'Jan 20',
      'Jan 3300',
    ]);
    const byVoice = within(screen.getByRole('region', { name: 'By voice' }));
    expect(await byVoice.findByText('Rachel')).toBeTruthy();
    expect(byVoice.getByText('300 · 75%')).toBeTruthy();
    expect(byVoice.getByText('v9')).toBeTruthy();
    expect(
      await within(screen.getByRole('region', { name: 'By model' })).findByText('Flite English'),
    ).toBeTruthy();
    const byKey = within(screen.getByRole('region', { name: 'By API key' }));
    expect(await byKey.findByText('CI (sk_...ab12)')).toBeTruthy();
    expect(byKey.getByText('Web app (no API key)')).toBeTruthy();
    expect(
      statsCalls.every(
        (p) => p.get('include_workspace_metrics') === 'false' && p.get('aggregation_interval') === 'day',
      ),
    ).toBe(true);
  });

  it('asks for workspace metrics on the workspace page', async () => {
    renderWithProviders(<UsageView workspace />);
    await screen.findByText('Characters per day · 400 in range');
    expect(statsCalls.length).toBeGreaterThan(0);
    expect(statsCalls.every((p) => p.get('include_workspace_metrics') === 'true')).toBe(true);
  });

  it('breaks the workspace usage down by member, named by email', async () => {
    renderWithProviders(<UsageView workspace />);
    expect(await screen.findByText('By member')).toBeTruthy();
    expect(await screen.findByText('cy@example.com')).toBeTruthy();
    expect(screen.getByText('b@example.com')).toBeTruthy();
    expect(statsCalls.some((p) => p.get('breakdown_type') === 'user')).toBe(true);
  });

  it('has no by-member breakdown on the personal usage page', async () => {
    renderWithProviders(<UsageView workspace={false} />);
    await screen.findByText('Characters per day · 400 in range');
    expect(screen.queryByText('By member')).toBeNull();
  });
});
