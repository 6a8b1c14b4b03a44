import type { DubbingMetadata } from '@vocalis/contracts/dubbing';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { toast } from '@/components/ui/toast/toast-store';

import { useDeleteDub } from '../api/delete-dub';
import { useDubs } from '../api/get-dubs';
import { CreateDubDialog } from './create-dub-dialog';
import { DubPlayer } from './dub-player';

const seconds = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

function Status({ dub }: { dub: DubbingMetadata }) {
  if (dub.status === 'dubbing')
    return (
      <span
        className="flex min-w-40 items-center gap-2"
        aria-label={`${dub.progress}% ${dub.progress_message}`}
      >
        <span className="h-1.5 w-20 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700">
          <span className="block h-full bg-indigo-500" style={{ width: `${dub.progress}%` }} />
        </span>
        <span className="text-xs text-zinc-500">{dub.progress_message}</span>
      </span>
    );
  if (dub.status === 'failed')
    return <span className="text-xs text-rose-600 dark:text-rose-400">Failed: {dub.error}</span>;
  return <span className="text-xs text-emerald-700 dark:text-emerald-400">Dubbed</span>;
}

/** /app/dubbing: the workspace's dubs with status and progress, the create dialog, and the chosen dub. */
export function DubbingView() {
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const dubs = useDubs();
  const remove = useDeleteDub();
  const confirm = useConfirm();
  const items = dubs.data?.dubs ?? [];
  const chosen = items.find((d) => d.dubbing_id === params.get('dub') && d.status === 'dubbed');
  const choose = (id: string | null) => setParams(id ? { dub: id } : {}, { replace: true });

  const onDelete = async (dub: DubbingMetadata) => {
    const { confirmed } = await confirm({
      title: 'Delete this dub?',
      description: 'The source media, the dubbed media and the subtitles are removed. This cannot be undone.',
      confirmText: 'Delete',
      variant: 'danger',
    });
    if (confirmed)
      remove.mutate(dub.dubbing_id, {
        onSuccess: () => {
          toast.success('Dub deleted');
          if (chosen?.dubbing_id === dub.dubbing_id) choose(null);
        },
      });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start gap-3">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          Translate the speech of a video or audio file and hear it spoken in another language, in the time of
          the original, over its background. Built in: an English recogniser, the Apertium translator for the
          pairs installed and synthetic voices fitted to each speaker.
        </p>
        <Button className="sm:ml-auto" onClick={() => setCreating(true)}>
          New dub
        </Button>
      </div>
      <CreateDubDialog open={creating} onOpenChange={setCreating} onCreated={() => undefined} />

      {chosen && <DubPlayer key={chosen.dubbing_id} dub={chosen} />}

      <section className="space-y-2" aria-labelledby="dub-list">
        <h2 id="dub-list" className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">
          Your dubs
        </h2>
        {items.length === 0 ? (
          <p className="text-sm text-zinc-500">{dubs.isPending ? 'Loading…' : 'No dubs yet.'}</p>
        ) : (
          <ul
            aria-label="Dubs"
            className="divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60"
          >
            {items.map((dub) => (
              <li
                key={dub.dubbing_id}
                data-testid="dub-row"
                className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm"
              >
                <span className="min-w-0 flex-1 truncate font-medium text-zinc-800 dark:text-zinc-200">
                  {dub.name}
                </span>
                <span className="text-zinc-500">
                  {dub.source_language ?? 'auto'} → {dub.target_languages.join(', ')}
                </span>
                <span className="text-zinc-500">{seconds(dub.media_metadata?.duration ?? 0)}</span>
                <Status dub={dub} />
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={dub.status !== 'dubbed'}
                  onClick={() => choose(dub.dubbing_id)}
                >
                  Open
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${dub.name}`}
                  onClick={() => void onDelete(dub)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
