import { useState } from 'react';

const focusedElement = () => {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/**
 * Radix dialogs hand focus back to their Dialog.Trigger on close; ours are opened from ordinary buttons
 * (or `confirm()`), so without this focus fell to <body> and a keyboard user started over from the top.
 * Spread the result on Dialog.Content: the element focused when the dialog opened gets focus back when it
 * closes, unless `onCloseAutoFocus` (the caller's) prevents the default to put it elsewhere.
 *
 * The opener is read while rendering the opening, before any `autoFocus` field inside the dialog has
 * taken focus (by onOpenAutoFocus it already has).
 */
export function useReturnFocus(open: boolean, onCloseAutoFocus?: (event: Event) => void) {
  const [wasOpen, setWasOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusedElement());
  }
  return {
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener?.isConnected) return;
      event.preventDefault();
      opener.focus();
    },
  };
}
