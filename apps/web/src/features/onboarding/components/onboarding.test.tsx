// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '@vocalis/contracts/user';
import { CHECKLIST_STEP_TOAST } from '@vocalis/domain/onboarding-checklist';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { currentUserKey } from '@/lib/current-user';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ChecklistToaster } from './checklist-toaster';
import { ChecklistView } from './checklist-view';
import { SurveyStepOne } from './survey-step-one';
import { SurveyStepTwo } from './survey-step-two';

const checklist = (done: string[], hidden = false) => ({
  checklist_id: 'c1',
  hidden,
  items: ['generate_speech', 'design_voice', 'reveal_api_key'].map((id) => ({
    onboarding_checklist_item_id: id,
    is_completed: done.includes(id),
  })),
});
const user = (c: ReturnType<typeof checklist> | null, completed = false) =>
  ({ user_id: 'u1', onboarding_checklist: c, is_onboarding_checklist_completed: completed }) as User;

describe('onboarding survey', () => {
  it('collects the answers over two steps and sends them together', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonResponse({ ...JSON.parse(String(init?.body)), is_onboarding_completed: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <Routes>
        <Route path="/app/onboarding" element={<SurveyStepOne userId="u1" suggestedName="Ada" />} />
        <Route
          path="/app/onboarding/next"
          element={<SurveyStepTwo userId="u1" afterComplete="/app/onboarding-checklist" />}
        />
        <Route path="/app/onboarding-checklist" element={<p>Checklist page</p>} />
      </Routes>,
      { path: '/app/onboarding' },
    );
    const next = screen.getByRole('button', { name: 'Continue' });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    fireEvent.click(screen.getByLabelText('Developer'));
    fireEvent.click(screen.getByLabelText('Building an agent'));
    fireEvent.click(next);

    const finish = await screen.findByRole('button', { name: 'Finish' }, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Paris' } });
    fireEvent.click(screen.getByLabelText('Friend or colleague'));
    fireEvent.click(finish);
    expect(await screen.findByText('Checklist page', {}, { timeout: 15_000 })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toContain('/v1/user/onboarding-survey-complete');
    expect(JSON.parse(String(init?.body))).toEqual({
      first_name: 'Ada',
      role: 'Developer',
      subrole: 'Building an agent',
      timezone: 'Europe/Paris',
      source: 'Friend or colleague',
    });
  }, 30_000);

  it('puts focus on the first field of each step when it opens', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/app/onboarding" element={<SurveyStepOne userId="u1" suggestedName="Ada" />} />
        <Route path="/app/onboarding/next" element={<SurveyStepTwo userId="u1" afterComplete="/x" />} />
      </Routes>,
      { path: '/app/onboarding' },
    );
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    fireEvent.click(screen.getByLabelText('Developer'));
    fireEvent.click(screen.getByLabelText('Building an agent'));
    const next = screen.getByRole('button', { name: 'Continue' });
    next.focus();
    fireEvent.click(next);

    await screen.findByRole('heading', { name: 'Almost there' }, { timeout: 15_000 });
    expect(document.activeElement).toBe(screen.getByLabelText('Time zone'));
  }, 30_000);

  it('sends a visit of the second step without the first back to it', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/app/onboarding" element={<p>First step</p>} />
        <Route path="/app/onboarding/next" element={<SurveyStepTwo userId="u1" afterComplete="/x" />} />
      </Routes>,
      { path: '/app/onboarding/next' },
    );
    expect(await screen.findByText('First step', {}, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('onboarding checklist', () => {
  it('shows progress, completed steps and links to the pages that exist', () => {
    renderWithProviders(<ChecklistView user={user(checklist(['generate_speech']))} />);
    // Voice design is a dialog over the voice lab (built): its step opens the dialog.
    expect(screen.getByText('1 of 3 steps completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start: Design a voice' }).getAttribute('href')).toBe(
      '/app/voice-lab?dialog=design-voice',
    );
    expect(screen.queryByText('Not available yet')).toBeNull();
    expect(screen.getByText('(completed)', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Open again/ }).getAttribute('href')).toBe(
      '/app/speech-synthesis/text-to-speech',
    );
    // "Create an API key" opens the API keys page; the docs are linked beside it.
    expect(screen.getByRole('link', { name: 'Start: Create an API key' }).getAttribute('href')).toBe(
      '/app/settings/api-keys',
    );
    expect(screen.getByRole('link', { name: /^Read the docs/ }).getAttribute('href')).toBe('/docs');
  });

  it.each([
    ['a step completes', checklist([]), checklist(['design_voice']), 1],
    ['a step completes while hidden', checklist([], true), checklist(['design_voice'], true), 0],
    ['nothing changes', checklist(['design_voice']), checklist(['design_voice']), 0],
  ])('toasts when %s', async (_name, before, after, toasts) => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, user(before));
    renderWithProviders(<ChecklistToaster />, { queryClient });
    // The query cache notifies on a later tick: let it render before counting.
    await act(async () => {
      queryClient.setQueryData(currentUserKey, user(after));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const shown = toastStore.getSnapshot().filter((t) => t.title === CHECKLIST_STEP_TOAST);
    expect(shown).toHaveLength(toasts);
  });

  it('hides the checklist through the server', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(user(checklist([], true))));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createTestQueryClient();
    renderWithProviders(<ChecklistView user={user(checklist([]))} />, { queryClient });
    fireEvent.click(screen.getByRole('button', { name: 'Hide checklist' }));
    await waitFor(() =>
      expect(queryClient.getQueryData<User>(currentUserKey)?.onboarding_checklist?.hidden).toBe(true),
    );
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/v1/user/onboarding-checklist/hide');
  });
});
