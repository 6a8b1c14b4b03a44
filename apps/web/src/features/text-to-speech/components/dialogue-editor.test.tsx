// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Voice } from '@vocalis/contracts/voices';
import { describe, expect, it, vi } from 'vitest';

import '@/testing/test-utils';

import { readStored, writeStored } from '@/lib/storage';

import { DialogueEditor } from './dialogue-editor';
import { DIALOGUE_STORAGE_KEY, useSavedDialogue } from './use-saved-dialogue';

const voice = (id: string, name: string) =>
  ({
    voice_id: id,
    name,
    category: 'premade',
    description: null,
    labels: {},
    preview_url: null,
  }) as unknown as Voice;
const VOICES = [voice('v1', 'Aria'), voice('v2', 'Brian'), voice('v3', 'Charlie')];
const IDS = VOICES.map((v) => v.voice_id);

function Harness({ quota = null as number | null, onSubmit = () => {} }) {
  const [lines, setLines] = useSavedDialogue(IDS);
  return (
    <DialogueEditor
      lines={lines}
      onChange={setLines}
      voices={VOICES}
      recentIds={[]}
      onVoicePicked={() => {}}
      remainingQuota={quota}
      onSubmit={onSubmit}
    />
  );
}

const lineItems = () => within(screen.getByRole('list', { name: 'Dialogue lines' })).getAllByRole('listitem');
const voiceOf = (n: number) =>
  within(lineItems()[n - 1]!)
    .getByRole('button', { name: /^Voice: / })
    .getAttribute('aria-label');
const type = (n: number, text: string) =>
  fireEvent.change(screen.getByLabelText(`Line ${n} text`), { target: { value: text } });
const saved = () => readStored<unknown>(DIALOGUE_STORAGE_KEY, null);

describe('DialogueEditor with the saved dialogue', () => {
  it('starts with two lines for the first two voices when nothing is saved', () => {
    render(<Harness />);
    expect(lineItems()).toHaveLength(2);
    expect(voiceOf(1)).toBe('Voice: Aria');
    expect(voiceOf(2)).toBe('Voice: Brian');
    expect(screen.getByTestId('character-count').textContent).toBe('0 / 3,000');
  });

  it('saves every change as text and voice_id pairs', () => {
    render(<Harness />);
    type(1, 'Hello there.');
    type(2, 'Hi!');
    expect(saved()).toEqual([
      { text: 'Hello there.', voice_id: 'v1' },
      { text: 'Hi!', voice_id: 'v2' },
    ]);
    expect(screen.getByTestId('character-count').textContent).toBe('15 / 3,000');
    expect(screen.getByTestId('dialogue-voice-count').textContent).toBe('2 / 10 voices');
  });

  it('restores the saved dialogue by the spec rules: empty lines dropped, at most 50 lines', () => {
    writeStored(DIALOGUE_STORAGE_KEY, [
      { text: 'One.', voice_id: 'v3' },
      { text: '   ', voice_id: 'v1' },
      { text: 'Two.', voice_id: 'v2' },
    ]);
    const { unmount } = render(<Harness />);
    expect(lineItems()).toHaveLength(2);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Line 1 text').value).toBe('One.');
    expect(voiceOf(1)).toBe('Voice: Charlie');
    unmount();
    writeStored(
      DIALOGUE_STORAGE_KEY,
      Array.from({ length: 60 }, (_, i) => ({ text: `Line ${i}`, voice_id: 'v1' })),
    );
    render(<Harness />);
    expect(lineItems()).toHaveLength(50);
    expect(screen.getByRole('button', { name: 'Add line' })).toHaveProperty('disabled', true);
  });

  it('ignores invalid saved data', () => {
    window.localStorage.setItem('xi:dialogue', '{"text":"not a list"}');
    render(<Harness />);
    expect(lineItems()).toHaveLength(2);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Line 1 text').value).toBe('');
  });

  it('adds a line answering the last speaker, focused, and removes lines', () => {
    render(<Harness />);
    type(1, 'A');
    type(2, 'B');
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect(lineItems()).toHaveLength(3);
    expect(voiceOf(3)).toBe('Voice: Aria');
    expect(document.activeElement).toBe(screen.getByLabelText('Line 3 text'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(saved()).toEqual([
      { text: 'B', voice_id: 'v2' },
      { text: '', voice_id: 'v1' },
    ]);
  });

  it('reorders lines with the move buttons, disabled at the ends', () => {
    render(<Harness />);
    type(1, 'First');
    type(2, 'Second');
    expect(screen.getByRole('button', { name: 'Move line 1 up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move line 2 down' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move line 2 up' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Line 1 text').value).toBe('Second');
    expect(voiceOf(1)).toBe('Voice: Brian');
  });

  it('changes the voice of one line with the voice dropdown', () => {
    render(<Harness />);
    fireEvent.click(within(lineItems()[1]!).getByRole('button', { name: 'Voice: Brian' }));
    fireEvent.click(screen.getByRole('option', { name: /Charlie/ }));
    expect(voiceOf(2)).toBe('Voice: Charlie');
    expect((saved() as { voice_id: string }[])[1]!.voice_id).toBe('v3');
  });

  it('turns the count red past 3,000 characters and the quota red past the remaining credits', () => {
    render(<Harness quota={10} />);
    type(1, 'Twelve chars');
    expect(screen.getByTestId('quota-remaining').textContent).toBe('10 credits remaining');
    expect(screen.getByTestId('quota-remaining').className).toMatch(/text-rose-600/);
    expect(screen.getByTestId('character-count').className).not.toMatch(/rose/);
    type(2, 'x'.repeat(2990));
    expect(screen.getByTestId('character-count').textContent).toBe('3,002 / 3,000');
    expect(screen.getByTestId('character-count').className).toMatch(/text-rose-600/);
  });

  it('generates on Ctrl+Enter in a line', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.keyDown(screen.getByLabelText('Line 2 text'), { key: 'Enter', ctrlKey: true });
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
