// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryItem } from '@vocalis/contracts/history';
import type { User } from '@vocalis/contracts/user';
import type { Voice } from '@vocalis/contracts/voices';
import { appRoutes } from '@vocalis/domain/app-routes';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { readStored } from '@/lib/storage';
import { SELECTED_VOICE_STORAGE } from '@/lib/voices';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { RECENT_ITEMS } from './recent-generations';
import { HomeView } from './home-view';

const item = (id: string, text: string): HistoryItem =>
  ({
    history_item_id: id,
    voice_id: 'v-susan',
    voice_name: 'Susan',
    voice_category: 'premade',
    text,
    date_unix: Math.floor(Date.now() / 1000) - 120,
    dialogue: null,
  }) as unknown as HistoryItem;

const voice = (id: string, name: string, labels: Record<string, string>, category = 'premade'): Voice =>
  ({ voice_id: id, name, category, labels, preview_url: `/v1/voices/${id}/preview` }) as unknown as Voice;

const checklist = (done: string[], hidden = false) => ({
  checklist_id: 'c1',
  hidden,
  items: ['generate_speech', 'design_voice', 'reveal_api_key'].map((id) => ({
    onboarding_checklist_item_id: id,
    is_completed: done.includes(id),
  })),
});

type Api = { history?: HistoryItem[]; voices?: Voice[]; user?: Partial<User> };

function stubApi({ history = [], voices = [], user = {} }: Api) {
  const me = {
    user_id: 'u1',
    first_name: 'Ada',
    onboarding_checklist: null,
    is_onboarding_checklist_completed: true,
    subscription: { tier: 'free', character_count: 0, character_limit: 10_000 },
    ...user,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/v1/user') return jsonResponse(me);
    if (url.startsWith('/v1/history?'))
      return jsonResponse({ history, has_more: false, last_history_item_id: null, scanned_until: null });
    if (url === '/v1/voices') return jsonResponse({ voices });
    if (url.endsWith('/onboarding-checklist/hide') && init?.method === 'POST')
      return jsonResponse({ ...me, onboarding_checklist: { ...me.onboarding_checklist, hidden: true } });
    return new Response(new Uint8Array([0]), { headers: { 'content-type': 'audio/mpeg' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderHome() {
  return renderWithProviders(
    <Routes>
      <Route path={appRoutes.home.path} element={<HomeView activity={<p>Activity</p>} />} />
      <Route path={appRoutes.textToSpeech.path} element={<p>Text to speech page</p>} />
    </Routes>,
    { path: appRoutes.home.path },
  );
}

const played = () => HTMLMediaElement.prototype.play as unknown as ReturnType<typeof vi.fn>;

describe('HomeView', () => {
  beforeEach(() => {
    toastStore.clear();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('greets the user and offers a quick action per existing product', async () => {
    stubApi({});
    renderHome();
    expect(await screen.findByRole('heading', { name: /, Ada$/ })).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Quick actions' });
    const links = within(actions).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      appRoutes.textToSpeech.path,
      appRoutes.speechToSpeech.path,
      appRoutes.soundEffects.path,
      appRoutes.speechToText.path,
      appRoutes.voiceIsolator.path,
      appRoutes.aiClassifier.path,
      appRoutes.studio.path,
      appRoutes.audioNative.path,
      appRoutes.dubbing.path,
      appRoutes.voiceoverStudio.path,
      appRoutes.voiceLab.path,
      appRoutes.voiceLibrary.path,
      appRoutes.conversationalAi.path,
      appRoutes.usage.path,
      appRoutes.settingsApiKeys.path,
    ]);
    expect(within(actions).queryByText('Phone numbers')).toBeNull();
    expect(screen.getByText('Activity')).toBeTruthy();
  });

  it('lists the newest generations and plays one where it is listed', async () => {
    const history = Array.from({ length: 8 }, (_, i) => item(`h${i}`, `Generation number ${i}.`));
    const fetchMock = stubApi({ history });
    renderHome();
    const list = await screen.findByRole('list', { name: 'Recent generations' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(RECENT_ITEMS);
    expect(rows[0]!.textContent).toContain('Generation number 0.');
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/v1/history'))![0])).toContain(
      'sort_direction=desc',
    );
    expect(screen.getByRole('link', { name: 'View all generations' }).getAttribute('href')).toBe(
      appRoutes.textToSpeechHistory.path,
    );

    fireEvent.click(within(rows[1]!).getByRole('button', { name: /^Play Susan/ }));
    expect(played()).toHaveBeenCalled();
    expect((played().mock.contexts.at(-1) as HTMLAudioElement).src).toContain('/v1/history/h1/audio');
  });

  it('invites a first generation when there is none', async () => {
    stubApi({});
    renderHome();
    const section = await screen.findByRole('region', { name: 'Recent generations' });
    expect(await within(section).findByText('No generations yet')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Generate speech' }).getAttribute('href')).toBe(
      appRoutes.textToSpeech.path,
    );
  });

  it('shows the checklist steps this build offers, and hides it through the server', async () => {
    const fetchMock = stubApi({
      user: {
        onboarding_checklist: checklist(['generate_speech']),
        is_onboarding_checklist_completed: false,
      },
    });
    renderHome();
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByText('1 of 3 steps completed')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Start: Design a voice' }).getAttribute('href')).toBe(
      '/app/voice-lab?dialog=design-voice',
    );
    expect(within(card).getByRole('link', { name: 'Start: Create an API key' }).getAttribute('href')).toBe(
      appRoutes.settingsApiKeys.path,
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Hide checklist' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull());
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/onboarding-checklist/hide'))).toBe(true);
  });

  it.each([
    ['hidden', { onboarding_checklist: checklist([], true), is_onboarding_checklist_completed: false }],
    ['completed', { onboarding_checklist: checklist([]), is_onboarding_checklist_completed: true }],
    ['never started', { onboarding_checklist: null, is_onboarding_checklist_completed: true }],
  ])('leaves the checklist out when it is %s', async (_name, user) => {
    stubApi({ user: user as Partial<User> });
    renderHome();
    await screen.findByRole('heading', { name: /, Ada$/ });
    await screen.findByRole('region', { name: 'Recent generations' });
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
  });

  it('features a varied few voices: previews play in place, Use opens text to speech with the voice', async () => {
    const voices = [
      voice('k', 'Kal', { accent: 'american', gender: 'male', descriptive: 'robotic' }),
      voice('r', 'Ray', { accent: 'american', gender: 'male' }),
      voice('c', 'My clone', { accent: 'american', gender: 'female' }, 'cloned'),
      voice('s', 'Susan', { accent: 'american', gender: 'female' }),
      voice('a', 'Angus', { accent: 'scottish', gender: 'male' }),
    ];
    stubApi({ voices });
    renderHome();
    const list = await screen.findByRole('list', { name: 'Featured voices' });
    // Built-in voices first, one per accent and gender before repeats.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Kal', 'Susan', 'Angus', 'Ray', 'My clone']);
    expect(within(list).getByText('robotic · american · male')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Play preview of Susan' }));
    expect((played().mock.contexts.at(-1) as HTMLAudioElement).src).toContain('/v1/voices/s/preview');

    fireEvent.click(within(list).getByRole('button', { name: 'Use Angus' }));
    expect(await screen.findByText('Text to speech page')).toBeTruthy();
    expect(readStored(SELECTED_VOICE_STORAGE, null)).toBe('a');
  });

  it("says the spec's preview message when a voice preview cannot be played", async () => {
    stubApi({ voices: [voice('k', 'Kal', { accent: 'american', gender: 'male' })] });
    renderHome();
    const list = await screen.findByRole('list', { name: 'Featured voices' });
    fireEvent.click(within(list).getByRole('button', { name: 'Play preview of Kal' }));
    const audio = played().mock.contexts.at(-1) as HTMLAudioElement;
    act(() => {
      audio.dispatchEvent(new Event('error'));
    });
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.title)).toContain('We are sorry, something went wrong.'),
    );
  });
});
