// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import '@/testing/test-utils';

import { NumberInput } from './number-input';

describe('NumberInput', () => {
  it('gives up focus on wheel so the browser cannot step the value', () => {
    const onChange = vi.fn();
    render(<NumberInput aria-label="Stability" defaultValue="5" onChange={onChange} />);
    const input = screen.getByLabelText('Stability') as HTMLInputElement;
    input.focus();
    expect(document.activeElement).toBe(input);

    fireEvent.wheel(input, { deltaY: -100 });

    expect(document.activeElement).not.toBe(input);
    expect(input.value).toBe('5');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('still passes wheel events to a caller handler', () => {
    const onWheel = vi.fn();
    render(<NumberInput aria-label="Speed" onWheel={onWheel} />);
    fireEvent.wheel(screen.getByLabelText('Speed'));
    expect(onWheel).toHaveBeenCalledOnce();
  });
});
