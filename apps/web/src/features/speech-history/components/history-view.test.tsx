// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryItem } from '@vocalis/contracts/history';
import { describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { HistoryView, SEARCH_DEBOUNCE_MS } from './history-view';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));
const { saveFile } = await import('@/lib/save-file');

const item = (id: string, text: string, voice = 'Rachel'): HistoryItem => ({
  history_item_id: id,
  request_id: null,
  voice_id: `v-${voice}`,
  model_id: 'eleven_multilingual_v2',
  voice_name: voice,
  voice_category: 'premade',
  text,
  date_unix: Math.floor(Date.now() / 1000) - 120,
  character_count_change_from: 100,
  character_count_change_to: 100 + text.length,
  content_type: 'audio/mpeg',
  state: 'created',
  settings: null,
  feedback: null,
  share_link_id: null,
  source: 'TTS',
  output_format: 'mp3_44100_128',
});

type Page = { history: HistoryItem[]; has_more: boolean; last_history_item_id: string | null };

/** Answers /v1/history with `pages` in turn, /v1/voices with one voice, and anything else with `other`. */
function stubApi(
  pages: Page[],
  other: (url: string, init?: RequestInit) => Response = () => jsonResponse({ status: 'ok' }),
) {
  let page = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/v1/history?')) {
      const next = pages[Math.min(page, pages.length - 1)]!;
      page += 1;
      return jsonResponse({ ...next, scanned_until: null });
    }
    if (url.startsWith('/v1/voices')) return jsonResponse({ voices: [{ voice_id: 'v-Aria', name: 'Aria' }] });
    if (url.startsWith('/v1/models'))
      return jsonResponse([{ model_id: 'eleven_multilingual_v2', name: 'Eleven Multilingual v2' }]);
    return other(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/v1/history?'));

const one: Page = {
  history: [item('h1', 'The first generation.'), item('h2', 'The second one, by Aria.', 'Aria')],
  has_more: false,
  last_history_item_id: 'h2',
};

describe('speech history', () => {
  it('lists generations with text, voice, model, relative date and character count', async () => {
    stubApi([one]);
    renderWithProviders(<HistoryView />);
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('The first generation.')).toBeTruthy();
    expect(first.getByText('Rachel')).toBeTruthy();
    // The model by name, not id.
    expect(await first.findByText('Eleven Multilingual v2')).toBeTruthy();
    expect(first.queryByText('eleven_multilingual_v2')).toBeNull();
    expect(first.getByText('2 minutes ago')).toBeTruthy();
    expect(first.getByText('21 characters')).toBeTruthy();
  });

  it('opens a row: whole text, voice, model, settings, and Regenerate into the editor', async () => {
    const long = 'A'.repeat(200) + ' the end.';
    const withSettings: HistoryItem = {
      ...item('h9', long),
      settings: { speed: 1.1, stability: 0.3, similarity_boost: 0.8, style: 0, use_speaker_boost: false },
    };
    stubApi([{ history: [withSettings], has_more: false, last_history_item_id: 'h9' }]);
    renderWithProviders(<HistoryView />);
    const row = await screen.findByTestId('history-row');
    fireEvent.click(within(row).getByText(/^A+…$/));
    const dialog = await screen.findByRole('dialog', { name: 'Generation' });
    expect(within(dialog).getByTestId('history-details-text').textContent).toBe(long);
    expect(within(dialog).getByText('Rachel')).toBeTruthy();
    expect(await within(dialog).findByText('Eleven Multilingual v2')).toBeTruthy();
    expect(within(dialog).getByText('1.10×')).toBeTruthy();
    expect(within(dialog).getByText('30%')).toBeTruthy();
    expect(within(dialog).getByText('Off')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Regenerate' }).getAttribute('href')).toBe(
      '/app/speech-synthesis/text-to-speech?history_item_id=h9',
    );
  });

  it('greys the bulk Delete while nothing is selected, and turns it red once something is', async () => {
    stubApi([one]);
    renderWithProviders(<HistoryView />);
    await screen.findAllByTestId('history-row');
    const del = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect(del.className).not.toMatch(/bg-rose-600/);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select "The first/ }));
    expect(del.disabled).toBe(false);
    expect(del.className).toMatch(/bg-rose-600/);
  });

  it('shows a dialogue under the voices of its lines, marked as a dialogue', async () => {
    const dialogue: HistoryItem = {
      ...item('d1', 'Susan opens.\nKal answers.'),
      voice_id: null,
      voice_name: null,
      dialogue: [
        { text: 'Susan opens.', voice_id: 'v-Susan', voice_name: 'Susan' },
        { text: 'Kal answers.', voice_id: 'v-Kal', voice_name: 'Kal' },
        { text: 'Susan again.', voice_id: 'v-Susan', voice_name: 'Susan' },
      ],
    };
    stubApi([{ history: [dialogue], has_more: false, last_history_item_id: 'd1' }]);
    renderWithProviders(<HistoryView />);
    const row = within(await screen.findByTestId('history-row'));
    expect(row.getByText('Susan, Kal')).toBeTruthy();
    expect(row.getByText('Dialogue')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Play Susan, Kal' })).toBeTruthy();
  });

  it('fetches the list again on every visit rather than showing a cached page', async () => {
    const fetchMock = stubApi([one]);
    const { queryClient, unmount } = renderWithProviders(<HistoryView />);
    await screen.findAllByTestId('history-row');
    unmount();
    renderWithProviders(<HistoryView />, { queryClient });
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(2));
  });

  it('downloads the selected items in one call and saves under the content-disposition name', async () => {
    const fetchMock = stubApi([one], (url) =>
      url === '/v1/history/download'
        ? new Response('PK', {
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': 'attachment; filename="Vocalis_history.zip"',
            },
          })
        : jsonResponse({}),
    );
    renderWithProviders(<HistoryView />);
    await screen.findAllByTestId('history-row');
    const download = screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement;
    expect(download.disabled).toBe(true);

    fireEvent.click(screen.getByLabelText(/^Select "The first/));
    fireEvent.click(screen.getByLabelText(/^Select "The second/));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(download);

    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => url === '/v1/history/download')!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toEqual({ history_item_ids: ['h1', 'h2'] });
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('Vocalis_history.zip');
  });

  it('asks for confirmation before deleting and deletes only once confirmed', async () => {
    const fetchMock = stubApi([one]);
    renderWithProviders(<HistoryView />);
    await screen.findAllByTestId('history-row');
    fireEvent.click(screen.getByLabelText(/^Select "The first/));

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this generation?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await act(async () => {});
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url),
      ).toEqual(['/v1/history/h1']),
    );
    await waitFor(() => expect(toastStore.getSnapshot().map((t) => t.title)).toEqual(['Generation deleted']));
  });

  it('loads more with the previous page’s last id as the cursor', async () => {
    const fetchMock = stubApi([
      { history: [item('h1', 'Page one.')], has_more: true, last_history_item_id: 'h1' },
      { history: [item('h0', 'Page two.')], has_more: false, last_history_item_id: 'h0' },
    ]);
    renderWithProviders(<HistoryView />);
    await screen.findByText('Page one.');
    expect(listCalls(fetchMock)[0]).not.toContain('start_after_history_item_id');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Page two.');
    const second = new URL(listCalls(fetchMock)[1]!, 'http://x').searchParams;
    expect(second.get('start_after_history_item_id')).toBe('h1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getAllByTestId('history-row')).toHaveLength(2);
  });

  it('debounces the search box and passes search, voice and sort to the list', async () => {
    const fetchMock = stubApi([one]);
    renderWithProviders(<HistoryView />);
    await screen.findAllByTestId('history-row');
    fireEvent.change(screen.getByLabelText('Search history'), { target: { value: 'sec' } });
    fireEvent.change(screen.getByLabelText('Search history'), { target: { value: 'second' } });
    await waitFor(() => expect(listCalls(fetchMock).some((u) => u.includes('search=second'))).toBe(true), {
      timeout: SEARCH_DEBOUNCE_MS * 5,
    });
    expect(listCalls(fetchMock).some((u) => u.includes('search=sec&') || u.endsWith('search=sec'))).toBe(
      false,
    );

    await screen.findByRole('option', { name: 'Aria' });
    fireEvent.change(screen.getByLabelText('Voice'), { target: { value: 'v-Aria' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'asc' } });
    await waitFor(() => {
      const last = new URL(listCalls(fetchMock).at(-1)!, 'http://x').searchParams;
      expect(last.get('voice_id')).toBe('v-Aria');
      expect(last.get('sort_direction')).toBe('asc');
    });
  });

  it('shows "No generations yet" with a link to text to speech when there is nothing', async () => {
    stubApi([{ history: [], has_more: false, last_history_item_id: null }]);
    renderWithProviders(<HistoryView />);
    expect(await screen.findByText('No generations yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Generate speech' }).getAttribute('href')).toBe(
      '/app/speech-synthesis/text-to-speech',
    );
  });
});
