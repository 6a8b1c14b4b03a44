import type { LibraryVoice } from '@vocalis/contracts/voice-library';
import { useDeferredValue, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { useCurrentUser } from '@/lib/current-user';
import { errorToastMessage } from '@/lib/error-toast';

import { LIBRARY_PAGE_SIZE, useSharedVoices, type LibraryFilters } from '../api/get-shared-voices';

import { AddVoiceDialog } from './add-voice-dialog';
import { LibraryVoiceCard } from './library-voice-card';
import { usePreviewPlayer } from './use-preview-player';

const SELECTS = {
  gender: ['male', 'female', 'neutral'],
  age: ['young', 'middle_aged', 'old'],
  use_cases: ['narration', 'conversational', 'characters', 'news', 'social_media', 'educational'],
} as const;
const SORTS: Record<NonNullable<LibraryFilters['sort']>, string> = {
  trending: 'Trending',
  created_date: 'Latest',
  cloned_by_count: 'Most added',
  usage_character_count_1y: 'Most used',
};
const selectClasses = `${inputClasses} pr-8 capitalize`;

/** /app/voice-library: voices shared by every workspace, filtered, sorted, paged, previewed and added. */
export function LibraryView() {
  const [filters, setFilters] = useState<LibraryFilters>({ page: 0, sort: 'trending' });
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const query = useSharedVoices({ ...filters, search: deferredSearch.trim() || undefined });
  const { data: user } = useCurrentUser();
  const player = usePreviewPlayer();
  const [adding, setAdding] = useState<LibraryVoice | null>(null);
  const set = (patch: Partial<LibraryFilters>) => setFilters((f) => ({ ...f, ...patch, page: 0 }));
  const page = query.data;
  const pages = page ? Math.max(1, Math.ceil(page.total_count / LIBRARY_PAGE_SIZE)) : 1;

  return (
    <div className="space-y-5">
      <div
        className="grid grid-cols-2 gap-2 md:grid-cols-5"
        role="search"
        aria-label="Filter the library"
      >
        <input
          type="search"
          aria-label="Search the library"
          placeholder="Search voices, accents, styles…"
          className={`${inputClasses} col-span-2 md:col-span-5`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setFilters((f) => ({ ...f, page: 0 }));
          }}
        />
        {(Object.keys(SELECTS) as (keyof typeof SELECTS)[]).map((key) => (
          <select
            key={key}
            aria-label={key === 'use_cases' ? 'Use case' : key[0]!.toUpperCase() + key.slice(1)}
            className={selectClasses}
            value={filters[key] ?? ''}
            onChange={(e) => set({ [key]: e.target.value || undefined })}
          >
            <option value="">{key === 'use_cases' ? 'Any use case' : `Any ${key}`}</option>
            {SELECTS[key].map((v) => (
              <option key={v} value={v}>
                {v.replace('_', ' ')}
              </option>
            ))}
          </select>
        ))}
        <input
          aria-label="Accent"
          placeholder="Accent"
          className={inputClasses}
          value={filters.accent ?? ''}
          onChange={(e) => set({ accent: e.target.value || undefined })}
        />
        <select
          aria-label="Sort"
          className={selectClasses}
          value={filters.sort}
          onChange={(e) => set({ sort: e.target.value as LibraryFilters['sort'] })}
        >
          {Object.entries(SORTS).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </div>

      {query.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {errorToastMessage(query.error)}
        </p>
      ) : !page ? (
        <div className="flex justify-center py-16 text-zinc-400">
          <Spinner className="size-6" />
        </div>
      ) : page.voices.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
          <p className="font-medium text-zinc-800 dark:text-zinc-200">No shared voices match.</p>
          <p className="mt-1 text-sm text-zinc-500">
            Voices appear here when their owners share them. Try fewer filters.
          </p>
        </div>
      ) : (
        <>
          <p className="text-sm text-zinc-500 dark:text-zinc-400" aria-live="polite">
            {page.total_count} {page.total_count === 1 ? 'voice' : 'voices'}
          </p>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Shared voices">
            {page.voices.map((v) => (
              <LibraryVoiceCard
                key={v.voice_id}
                voice={v}
                own={v.public_owner_id === user?.public_user_id}
                playing={player.playingId === v.voice_id}
                onPlay={() => player.toggle(v.voice_id, v.preview_url)}
                onAdd={() => setAdding(v)}
              />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="flex items-center justify-center gap-3" aria-label="Pages">
              <Button
                variant="secondary"
                size="sm"
                disabled={filters.page === 0}
                onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
              >
                Previous
              </Button>
              <span className="text-sm text-zinc-500">
                Page {filters.page + 1} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={!page.has_more}
                onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
      <AddVoiceDialog voice={adding} onClose={() => setAdding(null)} />
    </div>
  );
}
