import type { Voice } from '@vocalis/contracts/voices';

import { CategoryBadge, LabelChips, ProfileBadge } from './voice-badges';
import { PreviewButton } from './preview-button';

/** A voice in the lab's grid: name, badges, labels, preview, and the way into its details. */
export function VoiceCard({
  voice,
  onOpen,
  extra,
}: {
  voice: Voice;
  onOpen?: () => void;
  extra?: React.ReactNode;
}) {
  return (
    <li
      aria-label={voice.name}
      className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-start gap-3">
        <PreviewButton voice={voice} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium text-zinc-900 dark:text-white">{voice.name}</h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <CategoryBadge category={voice.category} />
            <ProfileBadge voice={voice} />
          </div>
        </div>
      </div>
      {voice.description ? (
        <p className="line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{voice.description}</p>
      ) : null}
      <LabelChips labels={voice.labels} />
      {extra}
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          className="mt-auto self-start text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          aria-label={`Open ${voice.name}`}
        >
          Details
        </button>
      ) : null}
    </li>
  );
}
