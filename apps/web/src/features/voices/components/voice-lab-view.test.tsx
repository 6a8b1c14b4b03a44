// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { Voice } from '@vocalis/contracts/voices';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { VoiceLabView } from './voice-lab-view';

const voice = (o: Partial<Voice>) =>
  ({
    voice_id: o.name,
    category: 'cloned',
    description: null,
    labels: {},
    preview_url: null,
    created_at_unix: 1,
    samples: [],
    voice_profile: null,
    safety_control: null,
    sharing: null,
    ...o,
  }) as Voice;

let subscription: Record<string, unknown>;
beforeEach(() => {
  subscription = {
    voice_slots_used: 2,
    voice_limit: 3,
    max_voice_add_edits: 55,
    voice_add_edit_counter: 4,
    can_use_instant_voice_cloning: true,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/token') return jsonResponse({ token: 't' });
      if (url === '/v1/user/subscription') return jsonResponse(subscription);
      if (url === '/v1/voices')
        return jsonResponse({
          voices: [
            voice({ name: 'Mine', labels: { accent: 'irish' } }),
            voice({ name: 'Designed', category: 'generated' }),
            voice({ name: 'Hidden', safety_control: 'BAN' }),
            voice({ name: 'Rachel', category: 'premade' }),
          ],
        });
      return jsonResponse({}, { status: 404 });
    }),
  );
});

describe('VoiceLabView', () => {
  it('shows the plan usage and lists only the workspace’s usable voices with their category', async () => {
    renderWithProviders(<VoiceLabView />, { path: '/app/voice-lab' });
    expect((await screen.findByTestId('voice-slots')).textContent).toBe('2 / 3 custom voices');
    expect(screen.getByTestId('voice-add-edits').textContent).toBe('4 / 55 voice adds and edits this month');
    const list = await screen.findByRole('list', { name: 'My voices' });
    const cards = within(list)
      .getAllByRole('listitem', { name: /./ })
      .filter((li) => li.parentElement === list);
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Mine', 'Designed']);
    expect(within(cards[1]!).getByText('Designed', { selector: 'span' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add voice' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('link', { name: 'Design a voice' }).getAttribute('href')).toBe(
      '/app/voice-lab?dialog=design-voice',
    );
    expect(screen.getByRole('link', { name: 'Voice library' }).getAttribute('href')).toBe(
      '/app/voice-library',
    );
  });

  it('disables adding at the limit and says why', async () => {
    subscription = { ...subscription, voice_slots_used: 3 };
    renderWithProviders(<VoiceLabView />, { path: '/app/voice-lab' });
    const reason = await screen.findByRole('status');
    expect(reason.textContent).toBe(
      'You have reached your maximum amount of custom voices (3 / 3). Upgrade your plan or delete a voice to add another.',
    );
    expect((screen.getByRole('button', { name: 'Add voice' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
