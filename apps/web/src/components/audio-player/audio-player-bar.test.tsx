// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { AudioPlayerBar } from './audio-player-bar';
import { initialPlayerState, type PlayerState } from './player-reducer';
import { PLAYER_BAR_VAR } from './reserve-bottom';
import type { AudioPlayer } from './use-audio-player';

function fakePlayer(state: Partial<PlayerState>): AudioPlayer {
  return {
    state: {
      ...initialPlayerState,
      status: 'playing',
      mode: 'stream',
      duration: 30,
      currentTime: 5,
      ...state,
    },
    peaks: null,
    audio: null,
    loadSource: vi.fn(),
    loadStream: vi.fn(),
    play: vi.fn(),
    pause: vi.fn(),
    toggle: vi.fn(),
    seekTo: vi.fn(),
    skip: vi.fn(),
    setRate: vi.fn(),
    setVisible: vi.fn(),
    reset: vi.fn(),
  };
}

describe('AudioPlayerBar', () => {
  it('renders nothing while idle', () => {
    renderWithProviders(<AudioPlayerBar player={fakePlayer({ status: 'idle' })} title="x" />);
    expect(screen.queryByTestId('audio-player')).toBeNull();
  });

  it('exposes its state, times and speeds', () => {
    const player = fakePlayer({});
    renderWithProviders(<AudioPlayerBar player={player} title="Aria" />);
    expect(screen.getByTestId('audio-player').dataset.state).toBe('playing');
    expect(screen.getByTestId('elapsed').textContent).toBe('0:05');
    expect(screen.getByTestId('total').textContent).toBe('0:30');
    const speed = screen.getByRole('combobox', { name: 'Playback speed' });
    expect([...speed.querySelectorAll('option')].map((o) => o.value)).toEqual([
      '0.8',
      '1',
      '1.2',
      '1.5',
      '2',
    ]);
    fireEvent.change(speed, { target: { value: '1.5' } });
    expect(player.setRate).toHaveBeenCalledWith(1.5);
  });

  it('seeks 10 s with the buttons and 3 s with the arrow keys, but not while typing', () => {
    const player = fakePlayer({});
    renderWithProviders(
      <>
        <textarea aria-label="Text" />
        <AudioPlayerBar player={player} title="Aria" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forward 10 seconds' }));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByLabelText('Text'), { key: 'ArrowLeft' });
    expect(vi.mocked(player.skip).mock.calls).toEqual([[-10], [10], [3], [-3]]);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Seek' }), { key: 'ArrowRight' });
    expect(vi.mocked(player.skip).mock.calls.at(-1)).toEqual([3]);
  });

  it('shows the thumbs only once feedback is due, and hides to a pill', () => {
    const onFeedback = vi.fn();
    const { rerender } = renderWithProviders(
      <AudioPlayerBar player={fakePlayer({ feedbackVisible: false })} title="Aria" onFeedback={onFeedback} />,
    );
    expect(screen.queryByRole('button', { name: 'Thumbs up' })).toBeNull();
    const player = fakePlayer({ feedbackVisible: true });
    rerender(<AudioPlayerBar player={player} title="Aria" onFeedback={onFeedback} />);
    fireEvent.click(screen.getByRole('button', { name: 'Thumbs down' }));
    expect(onFeedback).toHaveBeenCalledWith('down');
    fireEvent.click(screen.getByRole('button', { name: 'Hide player' }));
    expect(player.setVisible).toHaveBeenCalledWith(false);
  });

  it('reserves its height at the bottom of the page for the toasts while it shows, and gives it back', () => {
    const height = () => document.documentElement.style.getPropertyValue(PLAYER_BAR_VAR);
    const shown = renderWithProviders(<AudioPlayerBar player={fakePlayer({})} title="Aria" />);
    expect(height()).toMatch(/^\d+px$/);
    shown.unmount();
    expect(height()).toBe('');
    const inline = renderWithProviders(
      <AudioPlayerBar player={fakePlayer({})} title="Aria" placement="inline" />,
    );
    expect(height()).toBe('');
    inline.unmount();
  });

  it('disables download until it is ready', () => {
    renderWithProviders(<AudioPlayerBar player={fakePlayer({})} title="Aria" onDownload={() => {}} />);
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
