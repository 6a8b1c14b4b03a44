// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { cloningFlow } from '../lib/cloning-flow';

import { VoiceSafetyShell } from './voice-safety-shell';

let voices: { voice_id: string; name: string; safety_control: string | null }[];
beforeEach(() => {
  voices = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/token') return jsonResponse({ token: 't' });
      if (url === '/v1/voices') return jsonResponse({ voices });
      return jsonResponse({}, { status: 404 });
    }),
  );
});

describe('VoiceSafetyShell', () => {
  it('tells about a newly blocked voice once, not again on the next visit', async () => {
    voices = [{ voice_id: 'b1', name: 'Banned Voice', safety_control: 'BAN' }];
    const first = renderWithProviders(<VoiceSafetyShell />);
    const dialog = await screen.findByRole('dialog', { name: 'Voice blocked' });
    expect(dialog.textContent).toContain('Banned Voice has been blocked');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    const second = renderWithProviders(<VoiceSafetyShell />);
    await waitFor(() => expect(second.queryClient.getQueryData(['voices'])).toBeDefined());
    expect(screen.queryByRole('dialog', { name: 'Voice blocked' })).toBeNull();
  });

  it('asks for the captcha of a CAPTCHA voice, but not while a cloning flow is open', async () => {
    voices = [{ voice_id: 'c1', name: 'Checked Voice', safety_control: 'CAPTCHA' }];
    const end = cloningFlow.begin();
    const during = renderWithProviders(<VoiceSafetyShell />);
    await waitFor(() => expect(during.queryClient.getQueryData(['voices'])).toBeDefined());
    expect(screen.queryByRole('dialog')).toBeNull();
    during.unmount();
    end();

    renderWithProviders(<VoiceSafetyShell />);
    expect(await screen.findByRole('dialog', { name: 'Voice verification needed' })).toBeTruthy();
  });
});
