import clsx from 'clsx';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Tooltip } from '@/components/ui/tooltip';

/** accounts.md §3 "Privacy dialog request". */
export type PrivacyDialogRequest = {
  title: string;
  description: string;
  confirmText?: string;
  cancelText?: string;
  toggle_enabled: boolean;
  can_change: boolean;
  /** What the toggle controls, read out with it. */
  toggleLabel: string;
};

export const ADMINS_ONLY_TOOLTIP = 'Only workspace admins can change this setting.';

/**
 * The privacy dialog: answers the toggle's value on confirm, null on cancel. Confirm stays disabled
 * while the toggle equals its initial value; the toggle is disabled (with the spec's tooltip) when
 * can_change is false (accounts.md §5).
 */
export function PrivacyDialog({
  request,
  onResult,
}: {
  request: PrivacyDialogRequest;
  onResult: (value: boolean | null) => void;
}) {
  const [value, setValue] = useState(request.toggle_enabled);
  const id = useId();
  const toggle = (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={value}
      disabled={!request.can_change}
      onClick={() => setValue((v) => !v)}
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-4 focus-visible:ring-indigo-500/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
        value ? 'bg-indigo-600' : 'bg-zinc-300 dark:bg-zinc-700',
      )}
    >
      <span
        className={clsx(
          'block size-5 rounded-full bg-white shadow transition-transform',
          value ? 'translate-x-[22px]' : 'translate-x-0.5',
        )}
      />
    </button>
  );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onResult(null)}
      title={request.title}
      description={request.description}
    >
      <div className="flex items-center justify-between gap-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {request.toggleLabel}
        </label>
        {request.can_change ? (
          toggle
        ) : (
          <Tooltip content={ADMINS_ONLY_TOOLTIP}>
            {/* A disabled control gets no pointer events: the wrapper carries the tooltip and focus. */}
            <span tabIndex={0} aria-label={ADMINS_ONLY_TOOLTIP} className="rounded-full">
              {toggle}
            </span>
          </Tooltip>
        )}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onResult(null)}>
          {request.cancelText ?? 'Cancel'}
        </Button>
        <Button disabled={value === request.toggle_enabled} onClick={() => onResult(value)}>
          {request.confirmText ?? 'Continue'}
        </Button>
      </div>
    </Modal>
  );
}
