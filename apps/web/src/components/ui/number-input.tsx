import type { WheelEvent } from 'react';

import { Input, type InputProps } from './input';

/**
 * A number input that ignores the scroll wheel (accounts.md §5): browsers step a focused number
 * input on wheel, so the input gives up focus first and the wheel scrolls the page instead.
 */
export function NumberInput({ onWheel, ...props }: Omit<InputProps, 'type'>) {
  const handleWheel = (event: WheelEvent<HTMLInputElement>) => {
    event.currentTarget.blur();
    onWheel?.(event);
  };
  return <Input type="number" inputMode="decimal" {...props} onWheel={handleWheel} />;
}
