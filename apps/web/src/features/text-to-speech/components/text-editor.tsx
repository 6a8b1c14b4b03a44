import clsx from 'clsx';

import { SAMPLE_TEXTS } from '../lib/sample-texts';

type TextEditorProps = {
  value: string;
  onChange: (text: string) => void;
  /** The model's maximum_text_length_per_request. */
  maxLength: number;
  /** Remaining characters of the quota, when the server reports it. */
  remainingQuota: number | null;
  onSubmit?: () => void;
  /** Which language to write in for the chosen voice and model. */
  languageHint?: string | null;
};

const fmt = (n: number) => n.toLocaleString('en-US');

/** "1,234 / 5,000" under the text box, red past the limit. */
export function characterCountText(length: number, max: number): string {
  return `${fmt(length)} / ${fmt(max)}`;
}

/** The text box with its character count and remaining quota. Ctrl/⌘+Enter generates. */
export function TextEditor({
  value,
  onChange,
  maxLength,
  remainingQuota,
  onSubmit,
  languageHint,
}: TextEditorProps) {
  const over = value.length > maxLength;
  const overQuota = remainingQuota !== null && value.length > remainingQuota;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <label htmlFor="tts-text" className="sr-only">
        Text
      </label>
      <textarea
        id="tts-text"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            onSubmit?.();
          }
        }}
        placeholder="Start typing here or paste any text you want to turn into lifelike speech…"
        className="h-52 w-full resize-y bg-transparent p-5 text-[15px] leading-relaxed text-zinc-900 placeholder:text-zinc-400 focus:outline-none sm:h-[clamp(13rem,34vh,22rem)] dark:text-zinc-100 dark:placeholder:text-zinc-500"
      />
      {value.length === 0 ? (
        <div className="flex flex-wrap items-center gap-2 px-5 pb-3" role="group" aria-label="Samples to try">
          <span className="text-xs text-zinc-500 dark:text-zinc-400">Try a sample:</span>
          {SAMPLE_TEXTS.map((sample) => (
            <button
              key={sample.label}
              type="button"
              onClick={() => onChange(sample.text)}
              className="rounded-full border border-zinc-200 px-3 py-1 text-xs font-medium text-zinc-700 transition hover:border-indigo-300 hover:bg-indigo-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:border-indigo-500/50 dark:hover:bg-indigo-500/10"
            >
              {sample.label}
            </button>
          ))}
        </div>
      ) : null}
      {languageHint ? (
        <p data-testid="language-hint" className="px-5 pb-2 text-xs text-zinc-500 dark:text-zinc-400">
          {languageHint}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 pb-1 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
        <span
          data-testid="character-count"
          className={clsx(over && 'font-medium text-rose-600 dark:text-rose-400')}
        >
          {characterCountText(value.length, maxLength)}
        </span>
        {remainingQuota !== null ? (
          <span
            data-testid="quota-remaining"
            className={clsx(overQuota && 'font-medium text-rose-600 dark:text-rose-400')}
          >
            {fmt(remainingQuota)} credits remaining
          </span>
        ) : null}
      </div>
    </div>
  );
}
