import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

import { useReturnFocus } from './use-return-focus';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Where focus goes when the dialog closes (call event.preventDefault() to move it elsewhere); by default back to the element focused when it opened. */
  onCloseAutoFocus?: (event: Event) => void;
  /** A wider dialog (max-w-2xl) for flows that list several items side by side. */
  wide?: boolean;
};

/** A centred dialog with the confirm dialog's look, for forms and multi-step flows. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  onCloseAutoFocus,
  wide = false,
}: ModalProps) {
  const returnFocus = useReturnFocus(open, onCloseAutoFocus);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] animate-overlay-in bg-zinc-950/40 backdrop-blur-[2px]" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-[81] max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] ${wide ? 'max-w-2xl' : 'max-w-lg'} -translate-x-1/2 -translate-y-1/2 animate-dialog-in overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900`}
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            {title}
          </Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
              {description}
            </Dialog.Description>
          ) : null}
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
