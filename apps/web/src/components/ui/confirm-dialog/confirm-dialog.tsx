import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState, type ReactNode } from 'react';

import { Button } from '../button';
import { Field, Input } from '../input';
import { useReturnFocus } from '../use-return-focus';

export type ConfirmOptions = {
  title: string;
  description?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** 'danger' styles the confirm button for destructive actions. */
  variant?: 'default' | 'danger';
  /** A text input the user fills in; confirm stays disabled while it is empty (or differs from requiredValue). */
  input?: { label: string; placeholder?: string; requiredValue?: string };
  /** Seconds the user must wait before confirm is enabled; the remaining count is shown on the button. */
  waitSeconds?: number;
};

export type ConfirmResult = { confirmed: boolean; value: string };

type ConfirmDialogProps = {
  open: boolean;
  options: ConfirmOptions;
  onResult: (result: ConfirmResult) => void;
};

function useCountdown(seconds: number, running: boolean): number {
  const [remaining, setRemaining] = useState(seconds);
  useEffect(() => {
    if (!running) return;
    setRemaining(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, running]);
  return remaining;
}

/** Confirm dialog of accounts.md §2/§5 with optional required input and wait countdown. */
export function ConfirmDialog({ open, options, onResult }: ConfirmDialogProps) {
  const {
    title,
    description,
    confirmText = 'Confirm',
    cancelText = 'Cancel',
    variant = 'default',
    input,
  } = options;
  const [value, setValue] = useState('');
  const remaining = useCountdown(options.waitSeconds ?? 0, open);
  const returnFocus = useReturnFocus(open);

  const inputBlocks = input
    ? input.requiredValue !== undefined
      ? value !== input.requiredValue
      : value.trim() === ''
    : false;
  const canConfirm = remaining === 0 && !inputBlocks;

  const finish = (confirmed: boolean) => {
    onResult({ confirmed, value: confirmed ? value : '' });
    setValue('');
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && finish(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] animate-overlay-in bg-zinc-950/40 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-[81] max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-dialog-in overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900"
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (canConfirm) finish(true);
            }}
          >
            <Dialog.Title className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
              {title}
            </Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
                {description}
              </Dialog.Description>
            ) : null}
            {input ? (
              <Field label={input.label} className="mt-5">
                {(id) => (
                  <Input
                    id={id}
                    autoFocus
                    autoComplete="off"
                    value={value}
                    placeholder={input.placeholder ?? input.requiredValue}
                    onChange={(event) => setValue(event.target.value)}
                  />
                )}
              </Field>
            ) : null}
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => finish(false)}>
                {cancelText}
              </Button>
              <Button
                type="submit"
                variant={variant === 'danger' ? 'danger' : 'primary'}
                disabled={!canConfirm}
              >
                {remaining > 0 ? `${confirmText} (${remaining})` : confirmText}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
