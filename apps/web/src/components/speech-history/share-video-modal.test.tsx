// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ShareVideoModal } from './share-video-modal';

const ITEM = { history_item_id: 'h1', text: 'x'.repeat(20) };

function stubApi(options: { video?: () => Promise<Response> } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.startsWith('/v1/history/h1/video/preview'))
        return new Response(url, { headers: { 'content-type': 'image/png' } });
      if (init?.method === 'POST' && url.startsWith('/v1/history/h1/video?')) {
        if (options.video) return options.video();
        return jsonResponse({ video_url: `/v1/history/h1/video?theme=${url.split('theme=')[1]}` });
      }
      if (url.startsWith('/v1/history/h1/video?'))
        return new Response('mp4', { headers: { 'content-type': 'video/mp4' } });
      return jsonResponse({ detail: { status: 'not_found', message: 'Not found.' } }, { status: 404 });
    }),
  );
  return calls;
}

describe('ShareVideoModal', () => {
  let n = 0;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => `blob:${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('previews the default colour theme, generates a looping muted video with Download', async () => {
    const calls = stubApi();
    renderWithProviders(<ShareVideoModal item={ITEM} onClose={() => {}} />);
    expect(screen.getByRole('radio', { name: 'Colour' }).getAttribute('aria-checked')).toBe('true');
    await screen.findByAltText('Video preview');
    expect(calls).toContain('GET /v1/history/h1/video/preview?theme=colour');

    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }));
    const video = (await screen.findByTestId('share-video')) as HTMLVideoElement;
    expect(video.loop).toBe(true);
    expect(video.muted).toBe(true);
    expect(calls).toContain('POST /v1/history/h1/video?theme=colour');
    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toMatch(/\.mp4$/);
    expect(download.getAttribute('href')).toBe(video.getAttribute('src'));
  });

  it('estimates progress at 130 ms per character every 100 ms, capped at 1', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    stubApi({ video: () => new Promise<Response>(() => {}) });
    renderWithProviders(<ShareVideoModal item={ITEM} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }));
    const bar = () => screen.getByRole('progressbar', { name: 'Generating video' });
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    // 20 characters × 130 ms = 2600 ms for the whole bar, updated every 100 ms
    act(() => vi.advanceTimersByTime(1350));
    expect(bar().getAttribute('aria-valuenow')).toBe('50');
    act(() => vi.advanceTimersByTime(5000));
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
  });

  it('changing the theme clears the video and the preview; errors use the spec texts', async () => {
    stubApi({
      video: async () => jsonResponse({ detail: { status: 'boom', message: 'Disk full' } }, { status: 500 }),
    });
    renderWithProviders(<ShareVideoModal item={ITEM} onClose={() => {}} />);
    await screen.findByAltText('Video preview');
    fireEvent.click(screen.getByRole('button', { name: 'Generate video' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error generating video: Disk full');

    fireEvent.click(screen.getByRole('radio', { name: 'Black' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByAltText('Video preview')).toBeNull();
    await screen.findByAltText('Video preview');
    expect(screen.getByRole('radio', { name: 'Black' }).getAttribute('aria-checked')).toBe('true');
  });
});
