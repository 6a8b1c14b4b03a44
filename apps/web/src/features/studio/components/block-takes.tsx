import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { LoadingButton } from '@/components/ui/loading-button';
import { errorToastMessage } from '@/lib/error-toast';

import { takeAudio, useTakeMutations, useTakes } from '../api/takes';

/** Generate or regenerate one block, and its takes: play each, choose the one the block uses. */
export function BlockTakes({
  projectId,
  chapterId,
  blockId,
  index,
  disabled,
}: {
  projectId: string;
  chapterId: string;
  blockId: string;
  index: number;
  disabled: boolean;
}) {
  const takes = useTakes(projectId, chapterId, blockId, true);
  const m = useTakeMutations(projectId, chapterId);
  const [open, setOpen] = useState(false);
  const list = takes.data?.takes ?? [];
  const playTake = async (takeId: string) => {
    const url = URL.createObjectURL(await takeAudio(projectId, chapterId, blockId, takeId));
    const a = new Audio(url);
    a.onended = () => URL.revokeObjectURL(url);
    await a.play();
  };
  const error = m.generate.error ?? m.select.error;
  return (
    <>
      <LoadingButton
        size="sm"
        variant="secondary"
        aria-label={`${list.length ? 'Regenerate' : 'Generate'} block ${index + 1}`}
        loading={m.generate.isPending}
        disabled={disabled}
        onClick={() => m.generate.mutate(blockId, { onSuccess: () => setOpen(true) })}
      >
        {list.length ? 'Regenerate' : 'Generate'}
      </LoadingButton>
      {list.length > 0 && (
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-label={`Takes of block ${index + 1}`}
          onClick={() => setOpen((o) => !o)}
        >
          Takes ({list.length})
        </Button>
      )}
      {error && (
        <span role="alert" className="text-xs text-rose-600">
          {errorToastMessage(error)}
        </span>
      )}
      {open && list.length > 0 && (
        <ol
          aria-label={`Takes of block ${index + 1}`}
          className="basis-full space-y-1 rounded-lg bg-zinc-50 p-2 text-xs dark:bg-zinc-800/60"
        >
          {list.map((t, n) => (
            <li
              key={t.take_id}
              className="flex items-center gap-2"
              data-current={t.is_current}
              data-duration={t.audio_duration_secs}
            >
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Play take ${n + 1} of block ${index + 1}`}
                onClick={() => void playTake(t.take_id)}
              >
                ▶
              </Button>
              <span className="font-medium">Take {n + 1}</span>
              <span className="text-zinc-500">
                {t.audio_duration_secs.toFixed(1)} s ·{' '}
                {new Date(t.created_at_unix * 1000).toLocaleTimeString()}
                {!t.matches_content && ' · made from earlier text'}
              </span>
              {t.is_current ? (
                <span className="ml-auto rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
                  In use
                </span>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  className="ml-auto"
                  aria-label={`Use take ${n + 1} of block ${index + 1}`}
                  disabled={!t.matches_content || m.select.isPending}
                  onClick={() => m.select.mutate({ blockId, takeId: t.take_id })}
                >
                  Use this take
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
