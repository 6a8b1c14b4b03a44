import { copyRemovalNotice } from '@vocalis/domain/voices/voice-sharing';

const fmt = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** A library copy whose owner stopped sharing it: when it goes away. */
export function CopyNotice({ disableAtUnix }: { disableAtUnix: number }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {copyRemovalNotice(fmt(disableAtUnix))}
    </p>
  );
}
