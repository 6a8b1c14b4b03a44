import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { inputClasses } from '@/components/ui/input';
import { textToSpeechHref, useVoices } from '@/lib/voices';

import { myVoices } from '../lib/my-voices';

import { CategoryBadge, ProfileBadge } from './voice-badges';
import { PreviewButton } from './preview-button';

const date = (unix: number | null) =>
  unix
    ? new Date(unix * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
    : '';

/**
 * /app/workspace-voices: every voice of the workspace (its voice rows, whoever added them) with who
 * added it and when.
 */
export function WorkspaceVoicesView() {
  const voices = useVoices();
  const [query, setQuery] = useState('');
  const list = useMemo(() => myVoices(voices.data ?? [], query, 'newest'), [voices.data, query]);

  return (
    <div className="space-y-6">
      <input
        type="search"
        aria-label="Search workspace voices"
        placeholder="Search"
        className={clsx(inputClasses, 'sm:max-w-sm')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {voices.isPending ? (
        <div className="h-40 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-900" />
      ) : list.length ? (
        <ul
          aria-label="Workspace voices"
          className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {list.map((v) => (
            <li key={v.voice_id} aria-label={v.name} className="flex items-start gap-3 p-4">
              <PreviewButton voice={v} />
              <div className="min-w-0 flex-1 space-y-1.5">
                <p className="truncate font-medium text-zinc-900 dark:text-white">{v.name}</p>
                <p className="text-xs text-zinc-500" data-testid="added-by">
                  Added by {v.added_by?.name || 'a former member'}
                  {v.created_at_unix ? ` · ${date(v.created_at_unix)}` : ''}
                </p>
                <div className="flex flex-wrap gap-1.5">
                  <CategoryBadge category={v.category} />
                  <ProfileBadge voice={v} />
                </div>
              </div>
              <Link
                to={textToSpeechHref(v.voice_id)}
                className="shrink-0 pt-2 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
              >
                Use in text to speech
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="py-10 text-center text-sm text-zinc-500">
          {query ? 'No Results.' : 'This workspace has no voices of its own yet.'}
        </p>
      )}
    </div>
  );
}
