import clsx from 'clsx';

export type SpeechMode = 'single' | 'dialogue';

const MODES: { value: SpeechMode; label: string }[] = [
  { value: 'single', label: 'Single voice' },
  { value: 'dialogue', label: 'Dialogue' },
];

/** Single voice or text to dialogue: a two-option radio group (arrow keys switch, as radios do). */
export function ModeToggle({ value, onChange }: { value: SpeechMode; onChange: (mode: SpeechMode) => void }) {
  return (
    <div
      role="radiogroup"
      aria-label="Mode"
      className="inline-flex rounded-xl border border-zinc-200 bg-zinc-100 p-1 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {MODES.map((mode) => {
        const checked = mode.value === value;
        return (
          <button
            key={mode.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(mode.value)}
            onKeyDown={(event) => {
              if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) {
                event.preventDefault();
                const other = MODES.find((m) => m.value !== value)!;
                onChange(other.value);
                (
                  event.currentTarget.parentElement?.querySelector(
                    `[data-mode="${other.value}"]`,
                  ) as HTMLElement | null
                )?.focus();
              }
            }}
            data-mode={mode.value}
            className={clsx(
              'rounded-lg px-3.5 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-indigo-500',
              checked
                ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-800 dark:text-zinc-50'
                : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
            )}
          >
            {mode.label}
          </button>
        );
      })}
    </div>
  );
}
