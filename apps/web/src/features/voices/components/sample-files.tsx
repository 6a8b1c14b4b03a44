import clsx from 'clsx';
import { useId, useRef, useState } from 'react';

import { TrashIcon } from '@/components/ui/action-icons';

import { ACCEPT_ATTRIBUTE } from '../lib/voice-form';

import { VoiceRecorder } from './voice-recorder';

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Files to send as samples: dropped or picked (the spec's audio types) or recorded in the browser. */
export function SampleFiles({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const add = (more: File[]) => onChange([...files, ...more]);

  return (
    <div className="space-y-3">
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!disabled) add([...e.dataTransfer.files]);
        }}
        className={clsx(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition',
          over
            ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40'
            : 'border-zinc-300 hover:border-zinc-400 dark:border-zinc-700',
          disabled && 'pointer-events-none opacity-50',
        )}
        data-testid="sample-dropzone"
      >
        <span className="font-medium text-zinc-800 dark:text-zinc-100">
          Drop audio files here or click to upload
        </span>
        <span className="text-xs text-zinc-500">
          aac, aiff, ogg, mp3, opus, wav, webm, flac, mp4, m4a · up to 10 MB each
        </span>
        <input
          id={inputId}
          ref={input}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          aria-label="Audio files"
          className="sr-only"
          disabled={disabled}
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </label>
      <VoiceRecorder onKeep={(f) => add([f])} disabled={disabled} />
      {files.length ? (
        <ul
          aria-label="Samples to send"
          className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate text-zinc-800 dark:text-zinc-200">{f.name}</span>
              <span className="shrink-0 text-xs text-zinc-500 tabular-nums">{size(f.size)}</span>
              <button
                type="button"
                aria-label={`Remove ${f.name}`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                className="rounded p-1 text-zinc-500 hover:bg-zinc-100 hover:text-rose-600 dark:hover:bg-zinc-800"
              >
                <TrashIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
