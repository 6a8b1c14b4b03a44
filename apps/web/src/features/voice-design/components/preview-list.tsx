import type { VoiceDesignPreviewResponse } from '@vocalis/contracts/text-to-voice';
import clsx from 'clsx';

import { PauseIcon, PlayIcon } from '@/components/audio-player/player-icons';

import { ATTRIBUTE_NAMES, valueName } from '../lib/attribute-labels';

type Preview = VoiceDesignPreviewResponse['previews'][number];

type PreviewListProps = {
  previews: Preview[];
  selected: string | null;
  onSelect: (id: string) => void;
  playingId: string | null;
  onPlay: (preview: Preview) => void;
};

const SHOWN = ['gender', 'age', 'accent', 'pitch', 'pace', 'energy', 'tone'] as const;

/** The three previews: play, what each one is, and which one is picked. */
export function PreviewList({ previews, selected, onSelect, playingId, onPlay }: PreviewListProps) {
  return (
    <ul className="space-y-2" aria-label="Previews">
      {previews.map((p, i) => {
        const playing = playingId === p.generated_voice_id;
        const isSelected = selected === p.generated_voice_id;
        return (
          <li
            key={p.generated_voice_id}
            className={clsx(
              'flex items-start gap-3 rounded-xl border p-3 transition',
              isSelected
                ? 'border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-500/10'
                : 'border-zinc-200 dark:border-zinc-800',
            )}
          >
            <button
              type="button"
              onClick={() => onPlay(p)}
              aria-label={`${playing ? 'Stop' : 'Play'} preview ${i + 1}`}
              className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-zinc-900 text-white hover:bg-zinc-700 focus-visible:ring-4 focus-visible:ring-indigo-500/30 focus-visible:outline-none dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
            >
              {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
            </button>
            <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-3">
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
                  Preview {i + 1}
                  <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">
                    {p.duration_secs.toFixed(1)} s · {Math.round(p.pitch_median_hz)} Hz · {p.base_voice}
                  </span>
                </span>
                <span className="mt-1.5 flex flex-wrap gap-1">
                  {SHOWN.map((a) => (
                    <span
                      key={a}
                      title={ATTRIBUTE_NAMES[a]}
                      className="rounded-md bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                    >
                      {valueName(p.attributes[a])}
                    </span>
                  ))}
                </span>
              </span>
              <input
                type="radio"
                name="design-preview"
                className="mt-1 size-4 accent-indigo-600"
                checked={isSelected}
                onChange={() => onSelect(p.generated_voice_id)}
                aria-label={`Use preview ${i + 1}`}
              />
            </label>
          </li>
        );
      })}
    </ul>
  );
}
