import type { Voice } from '@vocalis/contracts/voices';

import { inputClasses } from '@/components/ui/input';

export type ToolbarValue = {
  search: string;
  voiceId: string;
  /** yyyy-mm-dd from the date inputs, or ''. */
  from: string;
  to: string;
  sortDirection: 'asc' | 'desc';
};

type HistoryToolbarProps = {
  value: ToolbarValue;
  onChange: (value: ToolbarValue) => void;
  voices: Voice[];
};

// On a phone two to a row (voice and sort, then the dates); on a laptop each as wide as it needs.
const half = 'min-w-0 flex-1 basis-2/5 sm:flex-none sm:basis-auto';
const selectClasses = `${inputClasses} w-auto! pr-8 ${half}`;
// Narrower padding on a phone, so "mm/dd/yyyy" and the calendar button fit beside "From" in half a row.
const dateClasses = `${inputClasses} w-auto! min-w-0 flex-1 px-2! sm:w-36! sm:flex-none sm:px-3!`;
const dateLabel = `flex items-center gap-1 text-sm text-zinc-600 sm:gap-1.5 dark:text-zinc-400 ${half}`;

/**
 * Search box, voice filter, date range and sort order of the history list: one row on a laptop (the
 * search box takes what the others leave); on a phone search, then voice and sort, then the dates.
 */
export function HistoryToolbar({ value, onChange, voices }: HistoryToolbarProps) {
  const set = <K extends keyof ToolbarValue>(key: K, next: ToolbarValue[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <div role="search" className="flex flex-wrap items-center gap-2" aria-label="Filter history">
      <input
        type="search"
        aria-label="Search history"
        placeholder="Search history"
        value={value.search}
        onChange={(e) => set('search', e.target.value)}
        className={`${inputClasses} w-auto! min-w-0 flex-1 basis-full sm:basis-48`}
      />
      <select
        aria-label="Voice"
        value={value.voiceId}
        onChange={(e) => set('voiceId', e.target.value)}
        className={selectClasses}
      >
        <option value="">All voices</option>
        {voices.map((voice) => (
          <option key={voice.voice_id} value={voice.voice_id}>
            {voice.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Sort"
        value={value.sortDirection}
        onChange={(e) => set('sortDirection', e.target.value === 'asc' ? 'asc' : 'desc')}
        className={selectClasses}
      >
        <option value="desc">Newest first</option>
        <option value="asc">Oldest first</option>
      </select>
      <label className={dateLabel}>
        From
        <input
          type="date"
          aria-label="From date"
          value={value.from}
          onChange={(e) => set('from', e.target.value)}
          className={dateClasses}
        />
      </label>
      <label className={dateLabel}>
        To
        <input
          type="date"
          aria-label="To date"
          value={value.to}
          onChange={(e) => set('to', e.target.value)}
          className={dateClasses}
        />
      </label>
    </div>
  );
}
