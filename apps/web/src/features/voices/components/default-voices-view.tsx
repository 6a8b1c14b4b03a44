import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { buttonClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { textToSpeechHref, useVoices } from '@/lib/voices';

import { defaultVoices, labelValues, NO_FILTERS, type PremadeFilters } from '../lib/my-voices';

import { VoiceCard } from './voice-card';

const pretty = (s: string) => s.replace(/_/g, ' ');

/** /app/default-voices: the premade voices with their previews, filtered by gender, accent and use case. */
export function DefaultVoicesView() {
  const voices = useVoices();
  const [filters, setFilters] = useState<PremadeFilters>(NO_FILTERS);
  const [query, setQuery] = useState('');
  const premade = useMemo(() => (voices.data ?? []).filter((v) => v.category === 'premade'), [voices.data]);
  const list = useMemo(() => defaultVoices(premade, filters, query), [premade, filters, query]);
  const select = (label: string, key: keyof PremadeFilters, labelKey: string) => (
    <select
      aria-label={label}
      className={clsx(inputClasses, 'sm:w-40')}
      value={filters[key]}
      onChange={(e) => setFilters({ ...filters, [key]: e.target.value })}
    >
      <option value="">{`Any ${label.toLowerCase()}`}</option>
      {labelValues(premade, labelKey).map((v) => (
        <option key={v} value={v}>
          {pretty(v)}
        </option>
      ))}
    </select>
  );

  return (
    <div className="space-y-6">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The built-in voices every workspace has.{' '}
        <span data-testid="default-count">
          {list.length} of {premade.length}
        </span>{' '}
        shown.
      </p>
      <div className="flex flex-col flex-wrap gap-2 sm:flex-row">
        <input
          type="search"
          aria-label="Search default voices"
          placeholder="Search"
          className={clsx(inputClasses, 'sm:max-w-xs')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {select('Gender', 'gender', 'gender')}
        {select('Accent', 'accent', 'accent')}
        {select('Use case', 'useCase', 'use_case')}
      </div>
      {voices.isPending ? (
        <div className="h-40 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-900" />
      ) : voices.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          Error occured while fetching voices.
        </p>
      ) : list.length ? (
        <ul aria-label="Default voices" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((v) => (
            <VoiceCard
              key={v.voice_id}
              voice={v}
              extra={
                <Link
                  to={textToSpeechHref(v.voice_id)}
                  className={clsx(buttonClasses('secondary', 'sm'), 'mt-auto self-start')}
                >
                  Use in text to speech
                </Link>
              }
            />
          ))}
        </ul>
      ) : (
        <p className="py-10 text-center text-sm text-zinc-500">No Results.</p>
      )}
    </div>
  );
}
