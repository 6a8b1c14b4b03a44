import type { Message } from '@vocalis/contracts/messages';
import clsx from 'clsx';

import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '@/components/ui/icons';

const severityStyles: Record<
  Message['severity'],
  { icon: typeof InfoIcon; className: string; label: string }
> = {
  info: {
    icon: InfoIcon,
    label: 'Info',
    className:
      'bg-sky-50 text-sky-600 ring-sky-100 dark:bg-sky-500/10 dark:text-sky-400 dark:ring-sky-500/20',
  },
  success: {
    icon: SuccessIcon,
    label: 'Success',
    className:
      'bg-emerald-50 text-emerald-600 ring-emerald-100 dark:bg-emerald-500/10 dark:text-emerald-400 dark:ring-emerald-500/20',
  },
  warning: {
    icon: WarningIcon,
    label: 'Warning',
    className:
      'bg-amber-50 text-amber-600 ring-amber-100 dark:bg-amber-500/10 dark:text-amber-400 dark:ring-amber-500/20',
  },
  error: {
    icon: ErrorIcon,
    label: 'Error',
    className:
      'bg-rose-50 text-rose-600 ring-rose-100 dark:bg-rose-500/10 dark:text-rose-400 dark:ring-rose-500/20',
  },
};

export function SeverityIcon({ severity, className }: { severity: Message['severity']; className?: string }) {
  const { icon: Icon, className: tone, label } = severityStyles[severity];
  return (
    <span
      className={clsx(
        'flex size-8 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
        tone,
        className,
      )}
      title={label}
    >
      <Icon className="size-4" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
