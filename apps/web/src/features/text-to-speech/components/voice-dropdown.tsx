import type { Voice } from '@vocalis/contracts/voices';
import clsx from 'clsx';
import { useEffect, useId, useMemo, useRef, useState } from 'react';

import { PauseIcon, PlayIcon } from '@/components/audio-player/player-icons';
import { ChevronDownIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';

import { voiceSections } from '../lib/voice-sections';

import { useVoicePreview } from './voice-preview';

type VoiceDropdownProps = {
  voices: Voice[];
  value: string | null;
  recentIds: string[];
  onChange: (voice: Voice) => void;
  loading?: boolean;
};

const AVATAR_GRADIENTS = [
  'from-indigo-500 to-sky-400',
  'from-fuchsia-500 to-pink-400',
  'from-amber-500 to-orange-400',
  'from-emerald-500 to-teal-400',
  'from-violet-500 to-purple-400',
  'from-rose-500 to-red-400',
];

function gradientFor(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return AVATAR_GRADIENTS[Math.abs(hash) % AVATAR_GRADIENTS.length]!;
}

function describe(voice: Voice): string {
  const { accent, gender, age, use_case: useCase, description } = voice.labels ?? {};
  return [accent, gender, age, useCase ?? description]
    .filter(Boolean)
    .map((label) => label!.replace(/_/g, ' '))
    .join(' · ');
}

/**
 * The voice dropdown (content-and-workspace.md §2): search, a Recent section (at most 4), then
 * professional, cloned, generated and default voices; "No Results." when nothing matches; a preview
 * play button on each voice.
 */
export function VoiceDropdown({ voices, value, recentIds, onChange, loading }: VoiceDropdownProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const preview = useVoicePreview();
  const selected = voices.find((v) => v.voice_id === value) ?? null;
  const sections = useMemo(() => voiceSections(voices, recentIds, query), [voices, recentIds, query]);

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const { stop } = preview;
  useEffect(() => {
    if (!open) {
      setQuery('');
      stop();
    }
  }, [open, stop]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={selected ? `Voice: ${selected.name}` : 'Select a voice'}
        disabled={loading}
        onClick={() => setOpen((o) => !o)}
        className="flex h-12 w-full items-center gap-3 rounded-xl border border-zinc-200 bg-white px-3 text-left shadow-sm transition hover:border-zinc-300 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-zinc-600"
      >
        <span
          className={clsx(
            'size-7 shrink-0 rounded-full bg-gradient-to-br',
            selected
              ? gradientFor(selected.voice_id)
              : 'from-zinc-300 to-zinc-200 dark:from-zinc-700 dark:to-zinc-600',
          )}
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-50">
            {selected?.name ?? (loading ? 'Loading voices…' : 'Select a voice')}
          </span>
        </span>
        <ChevronDownIcon
          className={clsx('size-4 text-zinc-500 transition-transform', open && 'rotate-180')}
        />
      </button>

      {open ? (
        <div className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xl dark:border-zinc-700 dark:bg-zinc-900">
          <div className="border-b border-zinc-100 p-2 dark:border-zinc-800">
            <input
              ref={searchRef}
              type="search"
              aria-label="Search voices"
              placeholder="Search voices…"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              className={clsx(inputClasses, 'h-9')}
            />
          </div>
          <div id={listId} role="listbox" aria-label="Voices" className="max-h-80 overflow-y-auto p-1.5">
            {sections.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">No Results.</p>
            ) : (
              sections.map((section) => (
                <div key={section.key} role="group" aria-label={section.title} className="pb-1">
                  <p className="px-2.5 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                    {section.title}
                  </p>
                  {section.voices.map((voice) => {
                    const isSelected = voice.voice_id === value;
                    const isPlaying = preview.playingId === voice.voice_id;
                    return (
                      <div
                        key={`${section.key}-${voice.voice_id}`}
                        className={clsx(
                          'group flex items-center gap-2 rounded-lg px-1.5 py-1',
                          isSelected
                            ? 'bg-indigo-50 dark:bg-indigo-500/10'
                            : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/60',
                        )}
                      >
                        <button
                          type="button"
                          aria-label={`${isPlaying ? 'Stop' : 'Play'} preview of ${voice.name}`}
                          onClick={() => preview.toggle(voice.voice_id, voice.preview_url)}
                          className={clsx(
                            'relative inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br text-white',
                            gradientFor(voice.voice_id),
                          )}
                        >
                          {isPlaying ? (
                            <PauseIcon className="size-3.5" />
                          ) : (
                            <PlayIcon className="size-3.5 opacity-0 transition group-hover:opacity-100 focus-visible:opacity-100" />
                          )}
                        </button>
                        <button
                          type="button"
                          role="option"
                          aria-selected={isSelected}
                          // The description names the engine this server uses for the voice (and a fallback).
                          title={voice.description ?? undefined}
                          onClick={() => {
                            onChange(voice);
                            setOpen(false);
                          }}
                          className="min-w-0 flex-1 rounded-md py-1 text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
                        >
                          <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
                            {voice.name}
                          </span>
                          <span className="block truncate text-xs text-zinc-500 capitalize dark:text-zinc-400">
                            {describe(voice)}
                          </span>
                        </button>
                      </div>
                    );
                  })}
                </div>
              ))
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
