import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Input, inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';
import { useVoices } from '@/lib/voices';

import {
  useCollectionVoice,
  useCollections,
  useCollectionVoices,
  useCreateCollection,
  useDeleteCollection,
  useRenameCollection,
} from '../api/collections';

const onError = (error: unknown) => toast.error(errorToastMessage(error));

/** Voice collections: create, rename, delete, and put any of my voices in them. */
export function CollectionsView() {
  const { data: collections } = useCollections();
  const [selected, setSelected] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const create = useCreateCollection();
  const current = collections?.find((c) => c.collection_id === selected) ?? collections?.[0] ?? null;

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <section aria-label="Collections" className="space-y-3">
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!title.trim()) return;
            create.mutate(
              { title: title.trim(), icon: '' },
              {
                onSuccess: (c) => {
                  setTitle('');
                  setSelected((c as { collection_id: string }).collection_id);
                },
                onError,
              },
            );
          }}
        >
          <Input
            aria-label="New collection name"
            placeholder="New collection"
            value={title}
            maxLength={100}
            onChange={(e) => setTitle(e.target.value)}
          />
          <LoadingButton type="submit" loading={create.isPending} disabled={!title.trim()}>
            Create
          </LoadingButton>
        </form>
        {collections?.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            No collections yet. Create one to group voices.
          </p>
        ) : (
          <ul className="space-y-1">
            {collections?.map((c) => (
              <li key={c.collection_id}>
                <button
                  type="button"
                  onClick={() => setSelected(c.collection_id)}
                  aria-current={current?.collection_id === c.collection_id ? 'true' : undefined}
                  className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm text-zinc-700 hover:bg-zinc-100 aria-[current]:bg-zinc-900 aria-[current]:text-white dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-[current]:bg-white dark:aria-[current]:text-zinc-900"
                >
                  <span className="truncate">{c.title}</span>
                  <span className="text-xs opacity-70">{c.voice_ids.length}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {current ? (
        <CollectionDetail
          key={current.collection_id}
          id={current.collection_id}
          title={current.title}
          voiceIds={current.voice_ids}
        />
      ) : null}
    </div>
  );
}

function CollectionDetail({ id, title, voiceIds }: { id: string; title: string; voiceIds: string[] }) {
  const { data: voices } = useCollectionVoices(id);
  const { data: all } = useVoices();
  const rename = useRenameCollection();
  const remove = useDeleteCollection();
  const change = useCollectionVoice();
  const confirm = useConfirm();
  const [adding, setAdding] = useState('');
  const candidates = (all ?? []).filter((v) => !voiceIds.includes(v.voice_id));

  return (
    <section
      aria-label={`Collection ${title}`}
      className="space-y-4 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{title}</h3>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={async () => {
              const r = await confirm({
                title: 'Rename collection',
                input: { label: 'Name', placeholder: title },
                confirmText: 'Rename',
              });
              if (r.confirmed && r.value.trim()) rename.mutate({ id, title: r.value.trim() }, { onError });
            }}
          >
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={async () => {
              const r = await confirm({
                title: `Delete "${title}"?`,
                description: 'The voices stay in your voices.',
                confirmText: 'Delete',
                variant: 'danger',
              });
              if (r.confirmed) remove.mutate(id, { onError });
            }}
          >
            Delete
          </Button>
        </div>
      </div>
      <form
        className="flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (adding)
            change.mutate({ id, voiceId: adding, add: true }, { onSuccess: () => setAdding(''), onError });
        }}
      >
        <select
          aria-label="Voice to add"
          className={`${inputClasses} w-auto flex-1`}
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
        >
          <option value="">Choose a voice…</option>
          {candidates.map((v) => (
            <option key={v.voice_id} value={v.voice_id}>
              {v.name} ({v.category})
            </option>
          ))}
        </select>
        <LoadingButton type="submit" size="md" loading={change.isPending} disabled={!adding}>
          Add to collection
        </LoadingButton>
      </form>
      {voices?.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">This collection is empty.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {voices?.map((v) => (
            <li key={v.voice_id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{v.name}</p>
                <p className="text-xs text-zinc-500 capitalize">
                  {[v.category, v.labels.gender, v.labels.accent].filter(Boolean).join(' · ')}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${v.name}`}
                onClick={() => change.mutate({ id, voiceId: v.voice_id, add: false }, { onError })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
