// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SharedSpeechView } from './shared-speech-view';

const shared = {
  share_id: 'AbCdEfGhIjKlMnOpQrStUvWx',
  text: 'A sentence someone shared.',
  voice_id: 'v1',
  voice_name: 'Susan',
  model_id: 'vocalis_flite_v1',
  date_unix: 1_790_000_000,
  content_type: 'audio/mpeg',
  public_user_name: 'Ada',
  audio_url: '/v1/shared/AbCdEfGhIjKlMnOpQrStUvWx/audio',
};

describe('SharedSpeechView', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows who shared it, the voice and the text, and plays the public audio on demand', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === `/v1/shared/${shared.share_id}`
        ? jsonResponse(shared)
        : new Response(new Uint8Array([0]), { headers: { 'content-type': 'audio/mpeg' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined);
    renderWithProviders(<SharedSpeechView shareId={shared.share_id} />);
    expect(await screen.findByText(shared.text)).toBeTruthy();
    expect(screen.getByTestId('shared-voice').textContent).toBe('Susan');
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(play).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(await screen.findByTestId('audio-player')).toBeTruthy();
    expect((play.mock.contexts[0] as HTMLAudioElement).src).toContain(shared.audio_url);
  });

  it('says the shared speech is not available for an unknown or deleted link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            detail: {
              status: 'shared_item_not_found',
              message: 'This shared item does not exist or was deleted.',
            },
          },
          { status: 404 },
        ),
      ),
    );
    renderWithProviders(<SharedSpeechView shareId="nope" />);
    expect(await screen.findByText('This shared speech is not available')).toBeTruthy();
    expect(screen.getByText('This shared item does not exist or was deleted.')).toBeTruthy();
  });
});
