import clsx from 'clsx';

/**
 * Beside a survey step's button: what is still missing before it can go on. After a refused click it is
 * announced (role alert) and shown as an error; before, it is a quiet hint the button points to.
 */
export function MissingAnswer({
  id,
  message,
  refused,
  className,
}: {
  id: string;
  message: string | null;
  refused: boolean;
  className?: string;
}) {
  if (!message) return <span id={id} hidden />;
  return (
    <p
      id={id}
      role={refused ? 'alert' : undefined}
      className={clsx(
        'text-sm',
        className,
        refused ? 'font-medium text-rose-700 dark:text-rose-300' : 'text-zinc-500 dark:text-zinc-400',
      )}
    >
      {message}
    </p>
  );
}
