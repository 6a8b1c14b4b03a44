// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { appRoutes } from '@vocalis/domain/app-routes';
import { describe, expect, it } from 'vitest';

import { NAVIGATION } from '@/config/navigation';
import { currentUserKey } from '@/lib/current-user';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import { NAV_ICONS } from './nav-icons';
import { SidebarNav } from './sidebar-nav';

function renderAt(path: string) {
  const queryClient = createTestQueryClient();
  // The credits meter reads the user; a cached one keeps the test off the network.
  queryClient.setQueryData(currentUserKey, {
    subscription: {
      tier: 'free',
      character_count: 1_200,
      character_limit: 10_000,
      next_character_count_reset_unix: null,
    },
  } as never);
  return renderWithProviders(<SidebarNav />, { path, queryClient });
}

const currentLinks = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('SidebarNav', () => {
  it('groups the existing pages under their product headings', () => {
    renderAt(appRoutes.home.path);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Create', 'Voices', 'Agents', 'Workspace']);
    const create = within(nav).getByRole('list', { name: 'Create' });
    expect(
      within(create)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Text to speech',
      'Speech to speech',
      'Sound effects',
      'Speech to text',
      'Voice isolator',
      'AI classifier',
      'Studio',
      'Audio Native',
      'Pronunciation',
      'Dubbing',
      'Voiceover studio',
      'History',
    ]);
    const voices = within(nav).getByRole('list', { name: 'Voices' });
    expect(
      within(voices)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'My voices',
      'Library',
      'Collections',
      'Default voices',
      'Workspace voices',
      'Professional cloning',
      'Voice verification',
    ]);
    const workspace = within(nav).getByRole('list', { name: 'Workspace' });
    expect(
      within(workspace)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Workspace',
      'Members',
      'Groups',
      'Security',
      'Usage',
      'API keys',
      'Webhooks',
      'Service accounts',
      'My webhooks',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Phone numbers' }).getAttribute('href')).toBe(
      '/app/conversational-ai/phone-numbers',
    );
    // Pages that do not exist yet are not offered at all.
    expect(within(nav).queryByRole('link', { name: 'Playground' })).toBeNull();
  });

  it('marks only the history entry current on the history page (most specific, not prefix)', () => {
    renderAt(appRoutes.textToSpeechHistory.path);
    expect(currentLinks()).toEqual(['History']);
  });

  it('marks text to speech current on its own page', () => {
    renderAt(appRoutes.textToSpeech.path);
    expect(currentLinks()).toEqual(['Text to speech']);
  });

  it('keeps Usage current on the workspace usage page below it', () => {
    renderAt(appRoutes.usageWorkspace.path);
    expect(currentLinks()).toEqual(['Usage']);
  });

  it('shows the credits meter at its foot', () => {
    renderAt(appRoutes.home.path);
    const meter = screen.getByRole('region', { name: 'Credits' });
    expect(within(meter).getByRole('meter', { name: 'Characters left' }).getAttribute('aria-valuenow')).toBe(
      '8800',
    );
  });

  it('gives every entry of every product its own icon', () => {
    const { container } = renderAt(appRoutes.home.path);
    const icons = NAVIGATION.flatMap((section) => section.entries.map((e) => NAV_ICONS[e.route.key]));
    expect(icons.every(Boolean)).toBe(true);
    expect(new Set(icons).size).toBe(icons.length);
    // The brand mark is the generic fallback: no rendered entry may show it.
    const brand = container.querySelector('svg')?.innerHTML;
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const drawn = Array.from(nav.querySelectorAll('a')).map((link) => link.querySelector('svg')?.innerHTML);
    expect(drawn).not.toContain(brand);
  });
});
