// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  it('starts light by default', () => {
    renderWithProviders(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it("persists 'color-theme' and puts class dark on <html>", () => {
    renderWithProviders(<ThemeToggle />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(window.localStorage.getItem('color-theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(window.localStorage.getItem('color-theme')).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('restores a stored dark theme', () => {
    window.localStorage.setItem('color-theme', 'dark');
    renderWithProviders(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
