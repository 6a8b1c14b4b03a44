import type { ReactNode } from 'react';

type SettingRowProps = {
  title: string;
  /** What is set now, or what the setting does. */
  description: ReactNode;
  /** data-testid of the description (the e2e specs read the state from it). */
  descriptionTestId?: string;
  /** The row's buttons, and any dialog they open. */
  children: ReactNode;
};

/** One setting in a settings card: a title, its state, and its buttons (side by side from sm up). */
export function SettingRow({ title, description, descriptionTestId, children }: SettingRowProps) {
  // No group role: its label would clash with the fields of the row's dialogs ("Password").
  return (
    <div
      data-setting-row=""
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h4 className="text-sm font-medium text-zinc-900 dark:text-white">{title}</h4>
        <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400" data-testid={descriptionTestId}>
          {description}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{children}</div>
    </div>
  );
}
