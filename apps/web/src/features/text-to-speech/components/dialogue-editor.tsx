import type { Voice } from '@vocalis/contracts/voices';
import { dialogueVoiceIds, MAX_DIALOGUE_VOICES } from '@vocalis/domain/dialogue-limits';
import {
  DIALOGUE_CHARACTER_LIMIT,
  dialogueCharacterCount,
  MAX_DIALOGUE_LINES,
} from '@vocalis/domain/saved-dialogue';
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { ChevronDownIcon, CloseIcon } from '@/components/ui/icons';

import {
  addLine,
  moveLine,
  removeLine,
  spokenLines,
  updateLine,
  type EditorLine,
} from '../lib/dialogue-lines';

import { VoiceDropdown } from './voice-dropdown';

type DialogueEditorProps = {
  lines: EditorLine[];
  onChange: (lines: EditorLine[]) => void;
  voices: Voice[];
  voicesLoading?: boolean;
  recentIds: string[];
  /** A voice was picked for a line (it joins the Recent section). */
  onVoicePicked: (voice: Voice) => void;
  /** Remaining characters of the quota, when the server reports it. */
  remainingQuota: number | null;
  onSubmit?: () => void;
};

const fmt = (n: number) => n.toLocaleString('en-US');

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/**
 * Text-to-dialogue lines: each with its voice (the voice dropdown) and its text; add, remove and
 * reorder; the character count against the 3,000-character dialogue limit, the distinct voices
 * against 10, and the remaining quota. Ctrl/⌘+Enter in any line generates.
 */
export function DialogueEditor(props: DialogueEditorProps) {
  const { lines, onChange, voices, recentIds, remainingQuota } = props;
  const textRefs = useRef(new Map<number, HTMLTextAreaElement>());
  const [focusKey, setFocusKey] = useState<number | null>(null);

  useEffect(() => {
    if (focusKey === null) return;
    textRefs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const spoken = spokenLines(lines);
  const characters = dialogueCharacterCount(spoken);
  const voiceCount = dialogueVoiceIds(spoken).length;
  const overLimit = characters > DIALOGUE_CHARACTER_LIMIT;
  const overQuota = remainingQuota !== null && characters > remainingQuota;
  const full = lines.length >= MAX_DIALOGUE_LINES;

  const add = () => {
    const next = addLine(lines, voices[0]?.voice_id ?? '');
    onChange(next);
    setFocusKey(next.at(-1)!.key);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ol aria-label="Dialogue lines" className="flex-1 space-y-3 p-4 sm:p-5">
        {lines.map((line, index) => {
          const n = index + 1;
          return (
            <li
              key={line.key}
              aria-label={`Line ${n}`}
              className="rounded-xl border border-zinc-200 bg-zinc-50/60 p-3 dark:border-zinc-800 dark:bg-zinc-950/30"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-zinc-200 text-xs font-semibold text-zinc-600 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">
                  {n}
                </span>
                <div className="min-w-0 flex-1 sm:max-w-64">
                  <VoiceDropdown
                    voices={voices}
                    value={line.voice_id || null}
                    recentIds={recentIds}
                    loading={props.voicesLoading}
                    onChange={(voice) => {
                      onChange(updateLine(lines, index, { voice_id: voice.voice_id }));
                      props.onVoicePicked(voice);
                    }}
                  />
                </div>
                <div className="ml-auto flex items-center gap-0.5">
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move line ${n} up`}
                    disabled={index === 0}
                    onClick={() => onChange(moveLine(lines, index, -1))}
                  >
                    <ChevronDownIcon className="size-4 rotate-180" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move line ${n} down`}
                    disabled={index === lines.length - 1}
                    onClick={() => onChange(moveLine(lines, index, 1))}
                  >
                    <ChevronDownIcon className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={clsx(iconButton, 'hover:text-rose-600 dark:hover:text-rose-400')}
                    aria-label={`Remove line ${n}`}
                    disabled={lines.length === 1}
                    onClick={() => onChange(removeLine(lines, index))}
                  >
                    <CloseIcon className="size-4" />
                  </button>
                </div>
              </div>
              <textarea
                ref={(el) => {
                  if (el) textRefs.current.set(line.key, el);
                  else textRefs.current.delete(line.key);
                }}
                aria-label={`Line ${n} text`}
                value={line.text}
                rows={2}
                placeholder={index === 0 ? 'What does the first speaker say?' : 'And the reply…'}
                onChange={(event) => onChange(updateLine(lines, index, { text: event.currentTarget.value }))}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                    event.preventDefault();
                    props.onSubmit?.();
                  }
                }}
                className="mt-2 block w-full resize-y rounded-lg border border-transparent bg-white px-3 py-2 text-[15px] leading-relaxed text-zinc-900 shadow-xs placeholder:text-zinc-400 focus:border-indigo-400 focus:outline-none dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
              />
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-5 pb-2 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
        <Button variant="secondary" size="sm" onClick={add} disabled={full}>
          Add line
        </Button>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span
            data-testid="dialogue-voice-count"
            className={clsx(
              voiceCount > MAX_DIALOGUE_VOICES && 'font-medium text-rose-600 dark:text-rose-400',
            )}
          >
            {voiceCount} / {MAX_DIALOGUE_VOICES} voices
          </span>
          <span
            data-testid="character-count"
            className={clsx(overLimit && 'font-medium text-rose-600 dark:text-rose-400')}
          >
            {fmt(characters)} / {fmt(DIALOGUE_CHARACTER_LIMIT)}
          </span>
          {remainingQuota !== null ? (
            <span
              data-testid="quota-remaining"
              className={clsx(overQuota && 'font-medium text-rose-600 dark:text-rose-400')}
            >
              {fmt(remainingQuota)} credits remaining
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
