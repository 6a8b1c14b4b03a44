import type { Voice } from '@vocalis/contracts/voices';
import clsx from 'clsx';

import { categoryLabel, profileSummary } from '../lib/my-voices';

const CATEGORY_COLOURS: Record<string, string> = {
  cloned: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  generated: 'bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-950 dark:text-fuchsia-300',
  professional: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
};

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        CATEGORY_COLOURS[category] ?? 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
      )}
    >
      {categoryLabel(category)}
    </span>
  );
}

/** "Profile voice": what was fitted, in the tooltip and for screen readers (decision 060). */
export function ProfileBadge({ voice }: { voice: Pick<Voice, 'voice_profile'> }) {
  const summary = profileSummary(voice);
  if (!summary) return null;
  return (
    <span
      title={summary}
      aria-label={`Profile voice. ${summary}`}
      className="inline-flex rounded-full border border-zinc-300 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
    >
      Profile voice
    </span>
  );
}

export function LabelChips({ labels }: { labels: Record<string, string> | null | undefined }) {
  const entries = Object.entries(labels ?? {}).filter(([, v]) => v);
  if (!entries.length) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Labels">
      {entries.map(([k, v]) => (
        <li
          key={k}
          className="rounded-md bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400"
        >
          <span className="text-zinc-400 dark:text-zinc-500">{k.replace(/_/g, ' ')}:</span>{' '}
          {v.replace(/_/g, ' ')}
        </li>
      ))}
    </ul>
  );
}
