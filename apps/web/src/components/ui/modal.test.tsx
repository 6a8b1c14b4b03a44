// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { Modal } from './modal';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Create API key
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Create API key">
        {/* An autofocused field takes focus before Radix reports the opening. */}
        <input aria-label="Name" autoFocus />
        <button type="button">Cancel</button>
      </Modal>
    </>
  );
}

describe('modal', () => {
  it('closes on Escape and gives focus back to the button that opened it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Create API key' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
