// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import type { LibraryVoice } from '@vocalis/contracts/voice-library';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import '@/testing/test-utils';

import { CopyNotice } from './copy-notice';
import { LibraryVoiceCard } from './library-voice-card';

const voice: LibraryVoice = {
  public_owner_id: 'pub1',
  voice_id: 'v1',
  date_unix: 1_700_000_000,
  name: 'Harbour Narrator',
  accent: 'irish',
  gender: 'male',
  age: 'middle_aged',
  descriptive: 'calm',
  use_case: 'narration',
  category: 'cloned',
  language: 'en',
  locale: 'en-US',
  description: 'A calm voice.',
  preview_url: '/v1/shared-voices/pub1/v1/preview',
  usage_character_count_1y: 1500,
  usage_character_count_7d: 0,
  play_api_usage_character_count_1y: 1500,
  cloned_by_count: 3,
  rate: 1.5,
  free_users_allowed: false,
  live_moderation_enabled: false,
  featured: false,
  is_added_by_user: false,
  added_voice_id: null,
  verified_languages: [],
};

const card = (v: LibraryVoice, own = false) => {
  const onAdd = vi.fn();
  const onPlay = vi.fn();
  render(
    <MemoryRouter>
      <LibraryVoiceCard voice={v} own={own} playing={false} onPlay={onPlay} onAdd={onAdd} />
    </MemoryRouter>,
  );
  return { onAdd, onPlay };
};

describe('LibraryVoiceCard', () => {
  it('shows labels, the rate multiplier and counts, links the public page, plays and adds', () => {
    const { onAdd, onPlay } = card(voice);
    expect(screen.getByRole('link', { name: 'Harbour Narrator' }).getAttribute('href')).toBe(
      '/app/voice-lab/share/pub1/v1',
    );
    expect(screen.getByText('middle aged')).toBeTruthy();
    expect(screen.getByText('×1.5 rate')).toBeTruthy();
    expect(screen.getByText('3 added · 1.5K chars/yr')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play preview of Harbour Narrator' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Harbour Narrator to my voices' }));
    expect(onPlay).toHaveBeenCalledOnce();
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('says Added once added, and offers nothing to add on your own voice', () => {
    card({ ...voice, is_added_by_user: true, added_voice_id: 'c1' });
    expect(screen.getByText('Added')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /to my voices/ })).toBeNull();
  });

  it('marks your own shared voice', () => {
    card(voice, true);
    expect(screen.getByText('Your voice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /to my voices/ })).toBeNull();
  });
});

describe('CopyNotice', () => {
  it('words the removal date of a copy whose owner stopped sharing', () => {
    render(<CopyNotice disableAtUnix={Date.UTC(2026, 1, 6, 12) / 1000} />);
    expect(screen.getByRole('status').textContent).toBe(
      'This voice will be removed on February 6, 2026 because its owner stopped sharing it',
    );
  });
});
