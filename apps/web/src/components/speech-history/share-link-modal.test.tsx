// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ShareLinkModal } from './share-link-modal';

const LINK = 'https://vocalis.example.com/share/AbCdEfGhIjKlMnOpQrStUvWx';

const published = () => ({ published: true, share_link: LINK, public_user_name: 'Anonymous' });

function stubApi(status: () => Response) {
  let shared = true;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/v1/history/h1/share-link/status') {
      const res = status();
      if (!res.ok || shared) return res;
      return jsonResponse({ published: false, share_link: null, public_user_name: 'Anonymous' });
    }
    if (url === '/v1/history/h1/share-link' && init?.method === 'POST') {
      shared = true;
      return jsonResponse({ share_link: LINK, public_user_name: 'Anonymous' });
    }
    if (url === '/v1/history/h1/share-link' && init?.method === 'DELETE') {
      shared = false;
      return jsonResponse({ status: 'ok' });
    }
    if (url === '/v1/user/update-public-user-name') {
      const { public_user_name } = JSON.parse(String(init?.body)) as { public_user_name: string };
      return jsonResponse({ status: 'ok', public_user_name: public_user_name.trim() });
    }
    return jsonResponse({ detail: { status: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ShareLinkModal', () => {
  const writeText = vi.fn(async () => undefined);
  beforeEach(() => {
    toastStore.clear();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    writeText.mockClear();
    vi.unstubAllGlobals();
  });

  it('shows the link shortened to 38 characters plus an ellipsis and copies the whole link', async () => {
    stubApi(() => jsonResponse(published()));
    renderWithProviders(<ShareLinkModal historyItemId="h1" onClose={() => {}} />);
    const link = await screen.findByTestId('share-link');
    expect(link.textContent).toBe(`${LINK.slice(0, 38)}…`);
    expect(link.getAttribute('href')).toBe(LINK);
    expect(screen.getByText('Anonymous')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Copy link/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.title)).toEqual(['Share link copied to clipboard']),
    );
  });

  it('shows the server message in the modal when the link cannot be made', async () => {
    stubApi(() =>
      jsonResponse(
        { detail: { status: 'history_item_not_found', message: 'History item not found.' } },
        { status: 404 },
      ),
    );
    renderWithProviders(<ShareLinkModal historyItemId="h1" onClose={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('History item not found.');
    expect(screen.queryByTestId('share-link')).toBeNull();
  });

  it('changes the public name, says "Public name updated" and shows the new name', async () => {
    const fetchMock = stubApi(() => jsonResponse(published()));
    renderWithProviders(<ShareLinkModal historyItemId="h1" onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: /Change public name/ }));
    const input = screen.getByLabelText('Public name');
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

    fireEvent.change(input, { target: { value: 'x'.repeat(51) } });
    expect(save().disabled).toBe(true);
    expect(screen.getByText('Public name must be at most 50 characters.')).toBeTruthy();

    fireEvent.change(input, { target: { value: '  Ada Lovelace ' } });
    fireEvent.click(save());
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.title)).toEqual(['Public name updated']),
    );
    const call = fetchMock.mock.calls.find(([url]) => url === '/v1/user/update-public-user-name')!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toEqual({ public_user_name: '  Ada Lovelace ' });
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Ada Lovelace')).toBeTruthy());
    expect(within(dialog).queryByLabelText('Public name')).toBeNull();
  });

  it('publishes nothing on opening: an unpublished item offers "Publish link", then shows the link', async () => {
    const fetchMock = stubApi(() =>
      jsonResponse({ published: false, share_link: null, public_user_name: 'Anonymous' }),
    );
    renderWithProviders(<ShareLinkModal historyItemId="h1" onClose={() => {}} />);
    const publish = await screen.findByRole('button', { name: 'Publish link' });
    expect(screen.queryByTestId('share-link')).toBeNull();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);

    fireEvent.click(publish);
    const link = await screen.findByTestId('share-link');
    expect(link.getAttribute('href')).toBe(LINK);
    const post = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(post.map(([url]) => url)).toEqual(['/v1/history/h1/share-link']);
  });

  it('"Stop sharing" turns the link off and offers to publish again', async () => {
    const fetchMock = stubApi(() => jsonResponse(published()));
    renderWithProviders(<ShareLinkModal historyItemId="h1" onClose={() => {}} />);
    await screen.findByTestId('share-link');
    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await screen.findByRole('button', { name: 'Publish link' });
    expect(screen.queryByTestId('share-link')).toBeNull();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual(['/v1/history/h1/share-link']);
  });

  it('on a phone uses the native share sheet, and says "Share API not supported" without one', async () => {
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile');
    stubApi(() => jsonResponse(published()));
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const view = renderWithProviders(<ShareLinkModal historyItemId="h1" onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Vocalis',
      text: 'Listen to this text to speech I made with Vocalis',
      url: LINK,
    });
    view.unmount();

    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    renderWithProviders(<ShareLinkModal historyItemId="h1" onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share…' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.title)).toEqual(['Share API not supported']),
    );
    ua.mockRestore();
  });

  it('offers no native sheet on a desktop, and three social targets carrying the link', async () => {
    stubApi(() => jsonResponse(published()));
    renderWithProviders(<ShareLinkModal historyItemId="h1" onClose={() => {}} />);
    await screen.findByTestId('share-link');
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
    const targets = ['X', 'Facebook', 'LinkedIn'].map((name) => screen.getByRole('link', { name }));
    for (const target of targets) expect(target.getAttribute('href')).toContain(encodeURIComponent(LINK));
  });

  it('is closed without an item and fetches nothing', () => {
    const fetchMock = stubApi(() => jsonResponse(published()));
    renderWithProviders(<ShareLinkModal historyItemId={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
