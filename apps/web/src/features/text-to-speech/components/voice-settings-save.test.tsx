// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Voice, VoiceSettingsResponse } from '@vocalis/contracts/voices';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { useVoices } from '@/lib/voices';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { FALLBACK_SETTINGS } from '@/lib/voice-settings-bounds';

import { useVoiceSettingsDraft } from './use-voice-settings-draft';
import { VoiceSettingsPanel } from './voice-settings-panel';

const DEFAULTS = FALLBACK_SETTINGS;
const voice = (id: string, name: string, settings: VoiceSettingsResponse): Voice =>
  ({ voice_id: id, name, category: 'premade', labels: {}, settings }) as unknown as Voice;

/** The voice list as the server keeps it: POST …/settings/edit changes what GET /v1/voices answers. */
function stubApi(editStatus = 200) {
  const saved: Record<string, VoiceSettingsResponse> = {
    susan: { ...DEFAULTS, stability: 0.6 },
    kal: { ...DEFAULTS, similarity_boost: 0.9 },
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/v1/voices')
      return jsonResponse({
        voices: [voice('susan', 'Susan', saved.susan!), voice('kal', 'Kal', saved.kal!)],
      });
    const edit = /^\/v1\/voices\/(\w+)\/settings\/edit$/.exec(url);
    if (edit && init?.method === 'POST') {
      if (editStatus !== 200)
        return jsonResponse(
          { detail: { status: 'missing_permissions', message: 'This key cannot edit voices.' } },
          { status: editStatus },
        );
      saved[edit[1]!] = JSON.parse(String(init.body)) as VoiceSettingsResponse;
      return jsonResponse({ status: 'ok' });
    }
    return jsonResponse({}, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, saved };
}

function Harness() {
  const voices = useVoices().data ?? [];
  const [voiceId, setVoiceId] = useState('susan');
  const draft = useVoiceSettingsDraft(
    voices.find((v) => v.voice_id === voiceId),
    DEFAULTS,
  );
  if (!voices.length) return <p>Loading</p>;
  return (
    <>
      <button type="button" onClick={() => setVoiceId(voiceId === 'susan' ? 'kal' : 'susan')}>
        Switch voice
      </button>
      <VoiceSettingsPanel
        value={draft.value}
        onChange={draft.setValue}
        onReset={draft.reset}
        atDefaults={draft.atDefaults}
        onSave={draft.save}
        saving={draft.saving}
        changed={draft.changed}
      />
    </>
  );
}

const slider = (label: RegExp) => screen.getByRole('slider', { name: label }) as HTMLInputElement;
const saveButton = () =>
  screen.getByRole('button', { name: 'Save as default for this voice' }) as HTMLButtonElement;
const voiceListCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/v1/voices').length;

describe("saving voice settings as the voice's default", () => {
  it("starts from the voice's saved settings; Save sends the changed values, refetches the voices and shows them as saved", async () => {
    const { fetchMock, saved } = stubApi();
    renderWithProviders(<Harness />);
    await screen.findByRole('slider', { name: /^Stability/ });
    expect(slider(/^Stability/).value).toBe('0.6');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Saved for this voice');

    fireEvent.change(slider(/^Stability/), { target: { value: '0.8' } });
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
    expect(saveButton().disabled).toBe(false);
    const listsBefore = voiceListCalls(fetchMock);
    fireEvent.click(saveButton());

    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.title)).toContain(
        'Saved as the default settings for Susan',
      ),
    );
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/v1/voices/susan/settings/edit');
    expect(post?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ ...DEFAULTS, stability: 0.8 });
    expect(saved.susan!.stability).toBe(0.8);
    expect(voiceListCalls(fetchMock)).toBe(listsBefore + 1);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(slider(/^Stability/).value).toBe('0.8');
    expect(screen.getByRole('status').textContent).toBe('Saved for this voice');
  });

  it('Reset values goes back to the default settings, which Save then keeps for the voice', async () => {
    const { saved } = stubApi();
    renderWithProviders(<Harness />);
    await screen.findByRole('slider', { name: /^Stability/ });
    const reset = screen.getByRole('button', { name: 'Reset values' }) as HTMLButtonElement;
    expect(reset.disabled).toBe(false);
    fireEvent.click(reset);
    expect(slider(/^Stability/).value).toBe(String(DEFAULTS.stability));
    expect(reset.disabled).toBe(true);
    fireEvent.click(saveButton());
    await waitFor(() => expect(saved.susan).toEqual(DEFAULTS));
  });

  it("keeps each voice's changes apart: another voice shows its own saved settings", async () => {
    stubApi();
    renderWithProviders(<Harness />);
    await screen.findByRole('slider', { name: /^Stability/ });
    fireEvent.change(slider(/^Stability/), { target: { value: '0.3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Switch voice' }));
    expect(slider(/^Stability/).value).toBe(String(DEFAULTS.stability));
    expect(slider(/^Similarity/).value).toBe('0.9');
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Switch voice' }));
    expect(slider(/^Stability/).value).toBe('0.3');
  });

  it("shows the server's message and keeps the changes when saving fails", async () => {
    stubApi(401);
    renderWithProviders(<Harness />);
    await screen.findByRole('slider', { name: /^Stability/ });
    fireEvent.change(slider(/^Stability/), { target: { value: '0.7' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.title)).toContain('This key cannot edit voices.'),
    );
    expect(slider(/^Stability/).value).toBe('0.7');
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
  });
});
