import { unmetPasswordRequirements, type PasswordRequirement } from '@vocalis/domain/password-rules';
import clsx from 'clsx';

import { Icon } from './icons';

/** The rules as short checklist lines, in reading order (the spec's messages show on a refused submit). */
const RULES: readonly [PasswordRequirement, string][] = [
  ['length', 'At least 8 characters'],
  ['letter', 'A letter'],
  ['number', 'A number'],
  ['special', 'A special character'],
];

/**
 * The password rules (accounts.md §5) under a new-password field, ticked off while the user types, so
 * nobody has to submit to learn them. Point the field's aria-describedby at `id`.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const unmet = new Set(unmetPasswordRequirements(password));
  return (
    // No accessible name of its own: the field it describes names it (and "Password" twice would make
    // label look-ups of the field ambiguous).
    <ul id={id} data-testid="password-checklist" className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
      {RULES.map(([rule, label]) => {
        const met = !unmet.has(rule);
        return (
          <li
            key={rule}
            data-met={met}
            className={clsx(
              'flex items-center gap-1.5',
              met ? 'text-emerald-700 dark:text-emerald-400' : 'text-zinc-500 dark:text-zinc-400',
            )}
          >
            <Icon className="size-3.5 shrink-0" strokeWidth={2.4}>
              {met ? <path d="m5 12.5 4.5 4.5L19 7.5" /> : <circle cx="12" cy="12" r="4" />}
            </Icon>
            {label}
            <span className="sr-only">{met ? ' (done)' : ' (missing)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
