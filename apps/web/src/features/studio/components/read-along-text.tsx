import type { TimedWord } from './read-along-words';

/** The block's words as they are spoken, the current one highlighted. */
export function ReadAlongText({ words, current }: { words: TimedWord[]; current: number }) {
  return (
    <p
      data-testid="read-along"
      aria-live="off"
      className="mb-2 rounded-lg bg-indigo-50/60 px-3 py-2 text-sm leading-7 text-zinc-800 dark:bg-indigo-950/40 dark:text-zinc-100"
    >
      {words.map((w, i) => (
        <span key={i}>
          <span
            data-word={i}
            aria-current={i === current ? 'true' : undefined}
            className={
              i === current ? 'rounded bg-amber-300 px-0.5 text-zinc-900' : i < current ? 'text-zinc-500' : ''
            }
          >
            {w.text}
          </span>{' '}
        </span>
      ))}
    </p>
  );
}
