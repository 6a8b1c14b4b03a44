// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Voice } from '@vocalis/contracts/voices';
import { describe, expect, it, vi } from 'vitest';

import '@/testing/test-utils';

import { rememberRecent, voiceSections } from '../lib/voice-sections';

import { VoiceDropdown } from './voice-dropdown';

function voice(
  id: string,
  name: string,
  category: Voice['category'],
  labels: Record<string, string> = {},
): Voice {
  return {
    voice_id: id,
    name,
    category,
    description: null,
    labels,
    preview_url: `/previews/${id}.mp3`,
  } as Voice;
}

const voices = [
  voice('v1', 'Aria', 'premade', { accent: 'american', gender: 'female' }),
  voice('v2', 'Brian', 'premade', { accent: 'british', gender: 'male' }),
  voice('v3', 'My Clone', 'cloned'),
  voice('v4', 'Designed One', 'generated'),
  voice('v5', 'Studio Pro', 'professional'),
  voice('v6', 'Charlie', 'premade', { accent: 'australian' }),
  voice('v7', 'Dora', 'premade'),
];

const open = () => fireEvent.click(screen.getByRole('button', { name: /voice/i }));
const groups = () => screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));

describe('VoiceDropdown', () => {
  it('lists Recent, then professional, cloned, generated and default voices', () => {
    render(<VoiceDropdown voices={voices} value="v1" recentIds={['v2']} onChange={() => {}} />);
    open();
    expect(groups()).toEqual([
      'Recent',
      'Professional voices',
      'Cloned voices',
      'Generated voices',
      'Default voices',
    ]);
    expect(within(screen.getByRole('group', { name: 'Recent' })).getByText('Brian')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Cloned voices' })).getByText('My Clone')).toBeTruthy();
  });

  it('filters by name and labels, and says "No Results." when nothing matches', () => {
    render(<VoiceDropdown voices={voices} value={null} recentIds={[]} onChange={() => {}} />);
    open();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search voices' }), {
      target: { value: 'british' },
    });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('Brian'),
    ]);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search voices' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No Results.')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('shows at most 4 recent voices', () => {
    render(
      <VoiceDropdown
        voices={voices}
        value={null}
        recentIds={['v1', 'v2', 'v3', 'v4', 'v5', 'v6']}
        onChange={() => {}}
      />,
    );
    open();
    expect(within(screen.getByRole('group', { name: 'Recent' })).getAllByRole('option')).toHaveLength(4);
  });

  it('picks a voice and closes', () => {
    const onChange = vi.fn();
    render(<VoiceDropdown voices={voices} value={null} recentIds={[]} onChange={onChange} />);
    open();
    fireEvent.click(screen.getByRole('option', { name: /Charlie/ }));
    expect(onChange).toHaveBeenCalledWith(voices[5]);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('has a preview play button for every voice', () => {
    render(<VoiceDropdown voices={voices} value={null} recentIds={[]} onChange={() => {}} />);
    open();
    expect(screen.getByRole('button', { name: 'Play preview of Aria' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Play preview of/ })).toHaveLength(voices.length);
  });
});

describe('voice sections and recent voices', () => {
  it('counts premade, famous and high-quality voices as default voices and leaves out empty sections', () => {
    const sections = voiceSections([voice('a', 'A', 'famous'), voice('b', 'B', 'premade')], [], '');
    expect(sections.map((s) => [s.key, s.voices.length])).toEqual([['default', 2]]);
  });

  it('ignores recent ids of voices that no longer exist', () => {
    expect(voiceSections(voices, ['gone', 'v1'], '')[0]!.voices.map((v) => v.voice_id)).toEqual(['v1']);
  });

  it('remembers the latest voice first, without duplicates, at most 4', () => {
    expect(rememberRecent(['a', 'b', 'c', 'd'], 'e')).toEqual(['e', 'a', 'b', 'c']);
    expect(rememberRecent(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
  });
});
