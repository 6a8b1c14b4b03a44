// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import type { ConfirmOptions, ConfirmResult } from './confirm-dialog';
import { useConfirm } from './confirm-provider';

function Opener({ options, onResult }: { options: ConfirmOptions; onResult: (r: ConfirmResult) => void }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => void confirm(options).then(onResult)}>
      open
    </button>
  );
}

function open(options: ConfirmOptions) {
  const onResult = vi.fn();
  renderWithProviders(<Opener options={options} onResult={onResult} />);
  fireEvent.click(screen.getByText('open'));
  return onResult;
}

const confirmButton = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('confirm dialog', () => {
  it('keeps confirm disabled while the countdown runs and shows the seconds left', async () => {
    vi.useFakeTimers();
    const onResult = open({ title: 'Delete voice?', confirmText: 'Delete', waitSeconds: 3 });
    expect(confirmButton(/^Delete/).disabled).toBe(true);
    expect(confirmButton(/^Delete/).textContent).toBe('Delete (3)');

    act(() => void vi.advanceTimersByTime(2000));
    expect(confirmButton(/^Delete/).textContent).toBe('Delete (1)');
    expect(confirmButton(/^Delete/).disabled).toBe(true);

    act(() => void vi.advanceTimersByTime(1000));
    expect(confirmButton(/^Delete/).textContent).toBe('Delete');
    expect(confirmButton(/^Delete/).disabled).toBe(false);

    fireEvent.click(confirmButton(/^Delete/));
    await act(async () => {});
    expect(onResult).toHaveBeenCalledWith({ confirmed: true, value: '' });
  });

  it('keeps confirm disabled while the required input is empty', async () => {
    const onResult = open({ title: 'Rename', input: { label: 'New name' } });
    const input = screen.getByLabelText('New name');
    expect(confirmButton(/^Confirm/).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(confirmButton(/^Confirm/).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Narrator' } });
    expect(confirmButton(/^Confirm/).disabled).toBe(false);
    fireEvent.click(confirmButton(/^Confirm/));
    await act(async () => {});
    expect(onResult).toHaveBeenCalledWith({ confirmed: true, value: 'Narrator' });
  });

  it('enables confirm only when the input matches the required value', () => {
    open({ title: 'Delete workspace', input: { label: 'Type DELETE', requiredValue: 'DELETE' } });
    const input = screen.getByLabelText('Type DELETE');
    fireEvent.change(input, { target: { value: 'DELET' } });
    expect(confirmButton(/^Confirm/).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'DELETE' } });
    expect(confirmButton(/^Confirm/).disabled).toBe(false);
  });

  it('resolves as not confirmed on cancel', async () => {
    const onResult = open({ title: 'Leave?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(async () => {});
    expect(onResult).toHaveBeenCalledWith({ confirmed: false, value: '' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives focus back to the button that asked, whether cancelled or confirmed', async () => {
    const onResult = vi.fn();
    renderWithProviders(
      <Opener options={{ title: 'Delete voice?', confirmText: 'Delete' }} onResult={onResult} />,
    );
    const opener = screen.getByText('open');
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Delete voice?' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onResult).toHaveBeenCalledWith({ confirmed: false, value: '' });
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(onResult).toHaveBeenLastCalledWith({ confirmed: true, value: '' });
    expect(document.activeElement).toBe(opener);
  });
});
