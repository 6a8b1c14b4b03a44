// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { AddVoiceDialog } from './add-voice-dialog';

type Sent = { url: string; form: FormData };
let sent: Sent[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () => jsonResponse({ voice_id: 'v1', requires_verification: false });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/auth/token') return jsonResponse({ token: 'session-token' });
      if (url === '/v1/voices/add') {
        sent.push({ url, form: init.body as FormData });
        return answer();
      }
      return jsonResponse({}, { status: 404 });
    }),
  );
});

function renderDialog(blockedReason: string | null = null) {
  const onCreated = vi.fn();
  const onOpenChange = vi.fn();
  renderWithProviders(
    <AddVoiceDialog open onOpenChange={onOpenChange} blockedReason={blockedReason} onCreated={onCreated} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Add voice' });
  return { dialog, onCreated, onOpenChange };
}

const wav = (name = 'me.wav', bytes = 2000) => new File([new Uint8Array(bytes)], name, { type: 'audio/wav' });
const upload = (dialog: HTMLElement, ...files: File[]) =>
  fireEvent.change(within(dialog).getByLabelText('Audio files'), { target: { files } });

describe('AddVoiceDialog', () => {
  it('says what is missing before sending anything', async () => {
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add voice' }));
    const problems = await within(dialog).findByRole('alert', { name: 'Problems' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Give the voice a name.', 'Add at least one audio sample: upload a file or record one.']);
    expect(sent).toHaveLength(0);
  });

  it('refuses a file type the server does not accept, by name', async () => {
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Narrator' } });
    upload(dialog, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add voice' }));
    expect(await within(dialog).findByText(/^notes\.txt is not a supported audio file\./)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends name, description, labels, noise removal and the files as multipart', async () => {
    const { dialog, onCreated } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Narrator ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Warm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add label' }));
    fireEvent.change(within(dialog).getByLabelText('Label 1 name'), { target: { value: 'accent' } });
    fireEvent.change(within(dialog).getByLabelText('Label 1 value'), { target: { value: 'irish' } });
    fireEvent.click(within(dialog).getByLabelText('Remove background noise'));
    upload(dialog, wav('one.wav'), wav('two.wav'));
    expect(within(dialog).getByRole('list', { name: 'Samples to send' }).children).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add voice' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('v1'));
    const form = sent[0]!.form;
    expect(form.get('name')).toBe('Narrator');
    expect(form.get('description')).toBe('Warm');
    expect(form.get('labels')).toBe('{"accent":"irish"}');
    expect(form.get('remove_background_noise')).toBe('true');
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['one.wav', 'two.wav']);
  });

  it("shows the server's refusal word for word", async () => {
    answer = () =>
      jsonResponse(
        {
          detail: {
            status: 'samples_too_short',
            message: 'The samples hold 1.2 seconds of speech; a voice needs at least 3 seconds.',
          },
        },
        { status: 400 },
      );
    const { dialog, onCreated } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Short' } });
    upload(dialog, wav());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add voice' }));
    expect((await within(dialog).findByTestId('server-error')).textContent).toBe(
      'The samples hold 1.2 seconds of speech; a voice needs at least 3 seconds.',
    );
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('is disabled with the reason at the plan limit', () => {
    const reason =
      'You have reached your maximum amount of custom voices (3 / 3). Upgrade your plan or delete a voice to add another.';
    const { dialog } = renderDialog(reason);
    expect(within(dialog).getByRole('alert').textContent).toBe(reason);
    expect((within(dialog).getByRole('button', { name: 'Add voice' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
