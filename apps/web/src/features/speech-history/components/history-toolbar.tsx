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

const selectClasses = `${inputClasses} w-auto! pr-8`;

/** Search box, voice filter, date range and sort order of the history list. */
export function HistoryToolbar({ value, onChange, voices }: HistoryToolbarProps) {
  const set = <K extends keyof ToolbarValue>(key: K, next: ToolbarValue[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <input
        type="search"
        aria-label="Search history"
        placeholder="Search history"
        value={value.search}
        onChange={(e) => set('search', e.target.value)}
        className={`${inputClasses} w-64! max-w-full`}
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
      <label className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        From
        <input
          type="date"
          aria-label="From date"
          value={value.from}
          onChange={(e) => set('from', e.target.value)}
          className={`${inputClasses} w-auto!`}
        />
      </label>
      <label className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        To
        <input
          type="date"
          aria-label="To date"
          value={value.to}
          onChange={(e) => set('to', e.target.value)}
          className={`${inputClasses} w-auto!`}
        />
      </label>
      <select
        aria-label="Sort"
        value={value.sortDirection}
        onChange={(e) => set('sortDirection', e.target.value === 'asc' ? 'asc' : 'desc')}
        className={selectClasses}
      >
        <option value="desc">Newest first</option>
        <option value="asc">Oldest first</option>
      </select>
    </div>
  );
}
