import { parseVoiceDescription } from '@vocalis/domain/voices/voice-description';
import { openAttributes } from '@vocalis/domain/voices/voice-design';
import { useMemo } from 'react';

import { ATTRIBUTE_NAMES, ATTRIBUTE_ORDER, valueName } from '../lib/attribute-labels';

/** What the description is read as, as the user types: attributes understood, words not used, what stays open. */
export function DescriptionReading({ description, remix }: { description: string; remix: boolean }) {
  const reading = useMemo(() => parseVoiceDescription(description), [description]);
  if (!description.trim()) return null;
  const understood = ATTRIBUTE_ORDER.filter((a) => reading.attributes[a] !== undefined);
  const open = openAttributes(reading.attributes).slice(0, 2);
  return (
    <div className="space-y-2 text-xs" aria-live="polite" data-testid="description-reading">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="font-medium text-zinc-600 dark:text-zinc-400">Understood:</span>
        {understood.length ? (
          understood.map((a) => (
            <span
              key={a}
              className="rounded-full bg-indigo-50 px-2 py-0.5 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
            >
              {ATTRIBUTE_NAMES[a]}: {valueName(reading.attributes[a]!)}
            </span>
          ))
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">nothing yet</span>
        )}
      </div>
      {reading.unused.length ? (
        <p className="text-amber-700 dark:text-amber-400">
          <span className="font-medium">Not used:</span> {reading.unused.join(', ')}
        </p>
      ) : null}
      {!remix && open.length ? (
        <p className="text-zinc-500 dark:text-zinc-400">
          Left open, so the three previews will differ in:{' '}
          {open.map((a) => ATTRIBUTE_NAMES[a].toLowerCase()).join(' and ')}.
        </p>
      ) : null}
    </div>
  );
}
