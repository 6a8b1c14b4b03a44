import clsx from 'clsx';
import { useId, type Ref } from 'react';

type ChoiceGroupProps = {
  legend: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  /** Wider cards for the first question, chips for the narrower ones. */
  variant?: 'cards' | 'chips';
  /** The fieldset, so a form can move focus to a question still unanswered. */
  ref?: Ref<HTMLFieldSetElement>;
};

/** Focuses the first option of a ChoiceGroup's fieldset. */
export function focusFirstChoice(fieldset: HTMLFieldSetElement | null): void {
  fieldset?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
}

/** A radio group drawn as cards or chips; native radios keep arrow-key and screen-reader behaviour. */
export function ChoiceGroup({ legend, options, value, onChange, variant = 'chips', ref }: ChoiceGroupProps) {
  const name = useId();
  return (
    <fieldset ref={ref}>
      <legend className="mb-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">{legend}</legend>
      <div className={clsx('flex flex-wrap gap-2', variant === 'cards' && 'grid grid-cols-1 sm:grid-cols-2')}>
        {options.map((option) => (
          <label
            key={option}
            className={clsx(
              'relative cursor-pointer border text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-500',
              variant === 'cards' ? 'rounded-xl px-4 py-3 font-medium' : 'rounded-full px-3.5 py-1.5',
              value === option
                ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:border-indigo-400 dark:bg-indigo-500/10 dark:text-indigo-300'
                : 'border-zinc-200 bg-white text-zinc-700 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
