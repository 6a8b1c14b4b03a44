// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { ADMINS_ONLY_TOOLTIP, PrivacyDialog, type PrivacyDialogRequest } from './privacy-dialog';

const request = (overrides: Partial<PrivacyDialogRequest> = {}): PrivacyDialogRequest => ({
  title: 'Model training',
  description: 'Choose whether workspace content may train models.',
  toggleLabel: 'Opt this workspace out of model training',
  toggle_enabled: false,
  can_change: true,
  ...overrides,
});

// Radix measures the tooltip trigger; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('PrivacyDialog', () => {
  it('keeps confirm disabled until the toggle differs from its initial value, then answers it', () => {
    const onResult = vi.fn();
    renderWithProviders(<PrivacyDialog request={request()} onResult={onResult} />);
    const confirm = screen.getByRole('button', { name: 'Continue' });
    const toggle = screen.getByRole('switch', { name: 'Opt this workspace out of model training' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(toggle);
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(toggle);
    fireEvent.click(confirm);
    expect(onResult).toHaveBeenCalledWith(true);
  });

  it('answers null when cancelled, with the default texts', () => {
    const onResult = vi.fn();
    renderWithProviders(<PrivacyDialog request={request({ toggle_enabled: true })} onResult={onResult} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onResult).toHaveBeenCalledWith(null);
  });

  it('disables the toggle for non-admins and says why', () => {
    renderWithProviders(
      <PrivacyDialog request={request({ can_change: false, confirmText: 'Save' })} onResult={vi.fn()} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Opt this workspace out of model training' });
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText(ADMINS_ONLY_TOOLTIP)).toBeTruthy();
    expect(ADMINS_ONLY_TOOLTIP).toBe('Only workspace admins can change this setting.');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
