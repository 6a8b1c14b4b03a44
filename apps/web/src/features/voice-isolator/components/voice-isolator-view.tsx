import type { IsolationHistoryItem } from '@vocalis/contracts/audio-isolation';
import { useState } from 'react';

import { Button, buttonClasses } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useDeleteIsolation } from '../api/delete-isolation';
import { getIsolationFile, useIsolationHistory } from '../api/get-isolation-history';
import { useIsolateAudio } from '../api/isolate-audio';
import { BeforeAfter } from './before-after';

type Compared = { title: string; before: Blob; after: Blob };
const card =
  'rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60';

const seconds = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/** /app/voice-isolator: upload audio or video, isolate the voice, compare before and after, past isolations. */
export function VoiceIsolatorView() {
  const [upload, setUpload] = useState<File | null>(null);
  const [compared, setCompared] = useState<Compared | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const isolate = useIsolateAudio();
  const history = useIsolationHistory();
  const remove = useDeleteIsolation();
  const confirm = useConfirm();

  const run = () => {
    if (!upload) return;
    isolate.mutate(
      { audio: upload, fileName: upload.name },
      { onSuccess: (r) => setCompared({ title: upload.name, before: upload, after: r.audio }) },
    );
  };

  const open = async (item: IsolationHistoryItem) => {
    setOpening(item.id);
    try {
      const [before, after] = await Promise.all([
        getIsolationFile(item.original_url),
        getIsolationFile(item.download_url),
      ]);
      setCompared({ title: item.title, before, after });
    } catch (error) {
      toast.error(errorToastMessage(error));
    } finally {
      setOpening(null);
    }
  };

  const onDelete = async (item: IsolationHistoryItem) => {
    const { confirmed } = await confirm({
      title: 'Delete this isolation?',
      description: 'The uploaded file and the isolated voice are removed. This cannot be undone.',
      confirmText: 'Delete',
      variant: 'danger',
    });
    if (confirmed) remove.mutate(item.id, { onSuccess: () => toast.success('Isolation deleted') });
  };

  const items = history.data?.items ?? [];
  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
        Keeps the voice and removes steady background noise: hiss, hum, fans, traffic rumble. It does not
        remove other voices or music. Costs 1,000 characters per minute of audio.
      </p>

      <section className={`${card} space-y-4`} aria-labelledby="iso-upload">
        <h2
          id="iso-upload"
          className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
        >
          Audio or video
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <label className={buttonClasses('secondary')}>
            Choose a file
            <input
              type="file"
              accept="audio/*,video/mp4,video/webm"
              className="sr-only"
              aria-label="Audio or video file"
              onChange={(e) => setUpload(e.target.files?.[0] ?? null)}
            />
          </label>
          <span className="text-sm text-zinc-700 dark:text-zinc-300">
            {upload?.name ?? 'No file chosen (up to 5 minutes)'}
          </span>
          <LoadingButton loading={isolate.isPending} disabled={!upload} onClick={run} className="sm:ml-auto">
            Isolate voice
          </LoadingButton>
        </div>
        {isolate.error && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {errorToastMessage(isolate.error)}
          </p>
        )}
        {isolate.data && (
          <p className="text-xs text-zinc-500">
            {isolate.data.characters.toLocaleString('en')} characters used
          </p>
        )}
      </section>

      {compared && <BeforeAfter {...compared} />}

      <section className="space-y-2" aria-labelledby="iso-history">
        <h2 id="iso-history" className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">
          Your isolations
        </h2>
        {items.length === 0 ? (
          <p className="text-sm text-zinc-500">{history.isPending ? 'Loading…' : 'Nothing isolated yet.'}</p>
        ) : (
          <ul
            aria-label="Isolations"
            className="divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60"
          >
            {items.map((item) => (
              <li
                key={item.id}
                data-testid="isolation-row"
                className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm"
              >
                <span className="min-w-0 flex-1 truncate font-medium text-zinc-800 dark:text-zinc-200">
                  {item.title}
                </span>
                <span className="text-zinc-500">{seconds(item.duration_seconds)}</span>
                <span className="text-zinc-500">
                  {new Date(item.created_at_unix * 1000).toLocaleString('en')}
                </span>
                <LoadingButton
                  size="sm"
                  variant="secondary"
                  loading={opening === item.id}
                  onClick={() => void open(item)}
                >
                  Compare
                </LoadingButton>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${item.title}`}
                  onClick={() => void onDelete(item)}
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
