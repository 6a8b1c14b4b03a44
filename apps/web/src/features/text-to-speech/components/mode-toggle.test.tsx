// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import '@/testing/test-utils';

import { ModeToggle, type SpeechMode } from './mode-toggle';

function Harness() {
  const [mode, setMode] = useState<SpeechMode>('single');
  return <ModeToggle value={mode} onChange={setMode} />;
}

const checked = () =>
  screen.getAllByRole('radio').find((r) => r.getAttribute('aria-checked') === 'true')?.textContent;

describe('ModeToggle', () => {
  it('switches between single voice and dialogue by click', () => {
    render(<Harness />);
    expect(checked()).toBe('Single voice');
    fireEvent.click(screen.getByRole('radio', { name: 'Dialogue' }));
    expect(checked()).toBe('Dialogue');
  });

  it('switches with the arrow keys and moves focus, one tab stop for the group', () => {
    render(<Harness />);
    const single = screen.getByRole('radio', { name: 'Single voice' });
    expect(single.tabIndex).toBe(0);
    expect(screen.getByRole('radio', { name: 'Dialogue' }).tabIndex).toBe(-1);
    single.focus();
    fireEvent.keyDown(single, { key: 'ArrowRight' });
    expect(checked()).toBe('Dialogue');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Dialogue' }));
  });
});
