// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryItem } from '@vocalis/contracts/history';
import { appRoutes } from '@vocalis/domain/app-routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { HistorySidePanel, SIDE_PANEL_ITEMS } from './history-side-panel';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));
const { saveFile } = await import('@/lib/save-file');

const item = (id: string, text: string, voice = 'Susan'): HistoryItem => ({
  history_item_id: id,
  request_id: null,
  voice_id: `v-${voice}`,
  model_id: 'eleven_multilingual_v2',
  voice_name: voice,
  voice_category: 'premade',
  text,
  date_unix: Math.floor(Date.now() / 1000) - 60,
  character_count_change_from: 0,
  character_count_change_to: text.length,
  content_type: 'audio/mpeg',
  state: 'created',
  settings: null,
  feedback: null,
  share_link_id: null,
  source: 'TTS',
  output_format: 'mp3_44100_128',
});

function stubApi(history: HistoryItem[], tier = 'free') {
  let items = history;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/v1/user') return jsonResponse({ subscription: { tier } });
    if (url.startsWith('/v1/history?'))
      return jsonResponse({
        history: items,
        has_more: false,
        last_history_item_id: null,
        scanned_until: null,
      });
    if (init?.method === 'DELETE') {
      items = items.filter((i) => !url.endsWith(`/${i.history_item_id}`));
      return jsonResponse({ status: 'ok' });
    }
    if (url.endsWith('/share-link/status'))
      return jsonResponse({
        published: true,
        share_link: 'http://localhost/share/AbCdEfGhIjKlMnOpQrStUvWx',
        public_user_name: 'Ada',
      });
    if (url === '/v1/history/download')
      return new Response(new Uint8Array([1, 2, 3]), {
        headers: { 'content-type': 'audio/mpeg', 'content-disposition': 'attachment; filename="a.mp3"' },
      });
    return new Response(new Uint8Array([0]), { headers: { 'content-type': 'audio/mpeg' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: 'Recent' }));
  return screen.findByRole('dialog', { name: 'Recent generations' });
}

describe('HistorySidePanel', () => {
  beforeEach(() => {
    toastStore.clear();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens on demand with the newest generations and a link to the full history', async () => {
    const many = Array.from({ length: 14 }, (_, i) => item(`h${i}`, `Generation number ${i}.`));
    const fetchMock = stubApi(many);
    renderWithProviders(<HistorySidePanel />);
    expect(fetchMock).not.toHaveBeenCalled();
    const panel = await openPanel();
    const rows = await within(panel).findAllByTestId('history-panel-item');
    expect(rows).toHaveLength(SIDE_PANEL_ITEMS);
    expect(rows[0]!.textContent).toContain('Generation number 0.');
    expect(within(panel).getByRole('link', { name: 'View full history' }).getAttribute('href')).toBe(
      appRoutes.textToSpeechHistory.path,
    );
    const list = String(fetchMock.mock.calls[0]![0]);
    expect(list).toContain('sort_direction=desc');
  });

  it('says so when there are no generations yet', async () => {
    stubApi([]);
    renderWithProviders(<HistorySidePanel />);
    const panel = await openPanel();
    expect(await within(panel).findByText('No generations yet')).toBeTruthy();
  });

  it('plays an item from its stored audio in the panel player', async () => {
    stubApi([item('h1', 'Play me from the panel.')]);
    renderWithProviders(<HistorySidePanel />);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Play Susan' }));
    const player = await within(panel).findByTestId('audio-player');
    expect(player.getAttribute('data-mode')).toBe('source');
    const audio = HTMLMediaElement.prototype.play as unknown as ReturnType<typeof vi.fn>;
    expect(audio).toHaveBeenCalled();
    expect((audio.mock.contexts[0] as HTMLAudioElement).src).toContain('/v1/history/h1/audio');
  });

  it('downloads, shares and deletes (after confirming) a single item', async () => {
    const fetchMock = stubApi([item('h1', 'First.'), item('h2', 'Second.', 'Brian')]);
    renderWithProviders(<HistorySidePanel />);
    const panel = await openPanel();
    await within(panel).findAllByTestId('history-panel-item');

    fireEvent.click(within(panel).getByRole('button', { name: 'Download Susan' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    const download = fetchMock.mock.calls.find(([url]) => url === '/v1/history/download')!;
    expect(JSON.parse(String(download[1]?.body))).toEqual({ history_item_ids: ['h1'] });

    fireEvent.click(within(panel).getByRole('button', { name: 'Share Brian' }));
    const share = await screen.findByRole('dialog', { name: 'Share this generation' });
    const link = 'http://localhost/share/AbCdEfGhIjKlMnOpQrStUvWx';
    expect((await within(share).findByTestId('share-link')).textContent).toBe(`${link.slice(0, 38)}…`);
    fireEvent.click(within(share).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share this generation' })).toBeNull());

    fireEvent.click(within(panel).getByRole('button', { name: 'Delete Brian' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this generation?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url),
      ).toEqual(['/v1/history/h2']),
    );
    await waitFor(() => expect(within(panel).getAllByTestId('history-panel-item')).toHaveLength(1));
    await act(async () => {});
    expect(toastStore.getSnapshot().map((t) => t.title)).toContain('Generation deleted');
  });

  it('offers no share button to enterprise workspaces (no video generation here)', async () => {
    stubApi([item('h1', 'Enterprise item.')], 'enterprise');
    renderWithProviders(<HistorySidePanel />);
    const panel = await openPanel();
    await within(panel).findAllByTestId('history-panel-item');
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Share Susan' })).toBeNull());
    expect(within(panel).getByRole('button', { name: 'Download Susan' })).toBeTruthy();
  });
});
