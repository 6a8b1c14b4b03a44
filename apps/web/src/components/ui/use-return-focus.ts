import { useRef } from 'react';

/**
 * Radix dialogs hand focus back to their Dialog.Trigger on close; ours are opened from ordinary buttons
 * (or `confirm()`), so without this focus fell to <body> and a keyboard user started over from the top.
 * Spread the result on Dialog.Content: the element focused when the dialog opened gets focus back when it
 * closes, unless `onCloseAutoFocus` (the caller's) prevents the default to put it elsewhere.
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
