// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { appRoutes } from '@vocalis/domain/app-routes';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { SidebarNav } from './sidebar-nav';

describe('SidebarNav', () => {
  it('marks only the history entry current on the history page (exact match, not prefix)', () => {
    renderWithProviders(<SidebarNav />, { path: appRoutes.textToSpeechHistory.path });
    const current = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([appRoutes.textToSpeechHistory.label]);
  });

  it('marks text to speech current on its own page', () => {
    renderWithProviders(<SidebarNav />, { path: appRoutes.textToSpeech.path });
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link(appRoutes.textToSpeech.label).getAttribute('aria-current')).toBe('page');
    expect(link(appRoutes.textToSpeechHistory.label).getAttribute('aria-current')).toBeNull();
  });

  it('gives every entry its own icon', () => {
    const { container } = renderWithProviders(<SidebarNav />, { path: appRoutes.home.path });
    // The brand mark is the generic fallback: no entry may show it.
    const brand = container.querySelector('svg')?.innerHTML;
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const icons = Array.from(nav.querySelectorAll('a')).map((link) => link.querySelector('svg')?.innerHTML);
    expect(icons.length).toBeGreaterThan(3);
    expect(icons.every(Boolean)).toBe(true);
    expect(new Set(icons).size).toBe(icons.length);
    expect(icons).not.toContain(brand);
  });
});
