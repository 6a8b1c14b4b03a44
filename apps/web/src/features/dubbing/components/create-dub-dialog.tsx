import { useState } from 'react';

import { buttonClasses } from '@/components/ui/button';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { errorToastMessage } from '@/lib/error-toast';

import { useCreateDub } from '../api/create-dub';
import { useDubbingLanguages } from '../api/get-dubs';

const field =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';
const label = 'block space-y-1 text-sm font-medium text-zinc-700 dark:text-zinc-300';
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The create dialog: a file or URL, source and target languages, speakers, range, background. */
export function CreateDubDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const languages = useDubbingLanguages();
  const create = useCreateDub();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [source, setSource] = useState('auto');
  const [target, setTarget] = useState('es');
  const [speakers, setSpeakers] = useState('0');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [dropBackground, setDropBackground] = useState(false);
  const pairs = languages.data?.pairs ?? [];
  const works = pairs.some((p) => p.target === target && (source === 'auto' || p.source === source));

  const submit = () =>
    create.mutate(
      {
        file: file ?? undefined,
        sourceUrl: file ? undefined : url.trim() || undefined,
        name: name.trim(),
        sourceLang: source,
        targetLang: target,
        numSpeakers: Number(speakers) || 0,
        startTime: num(start),
        endTime: num(end),
        dropBackgroundAudio: dropBackground,
      },
      {
        onSuccess: (r) => {
          onCreated(r.dubbing_id);
          onOpenChange(false);
          setFile(null);
          setUrl('');
          setName('');
        },
      },
    );

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New dub" wide>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <label className={buttonClasses('secondary')}>
            Choose a video or audio file
            <input
              type="file"
              accept="audio/*,video/*"
              className="sr-only"
              aria-label="Video or audio file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          <span className="text-sm text-zinc-600 dark:text-zinc-400">{file?.name ?? 'No file chosen'}</span>
        </div>
        <label className={label}>
          <span>Or a link to the media</span>
          <input
            className={field}
            value={url}
            disabled={!!file}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://…"
          />
        </label>
        <label className={label}>
          <span>Name</span>
          <input
            className={field}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Untitled dub"
          />
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className={label}>
            <span>Source language</span>
            <select className={field} value={source} onChange={(e) => setSource(e.target.value)}>
              {(languages.data?.source_languages ?? [{ key: 'auto', name: 'Detect' }]).map((l) => (
                <option key={l.key} value={l.key}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            <span>Target language</span>
            <select className={field} value={target} onChange={(e) => setTarget(e.target.value)}>
              {(languages.data?.target_languages ?? []).map((l) => (
                <option key={l.code} value={l.code} disabled={!l.speakable}>
                  {l.name}
                  {l.speakable ? '' : ' (no voice here)'}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            <span>Speakers (0 detects)</span>
            <input
              className={field}
              type="number"
              min={0}
              max={32}
              value={speakers}
              onChange={(e) => setSpeakers(e.target.value)}
            />
          </label>
          <div className="grid grid-cols-2 gap-2">
            <label className={label}>
              <span>Start (s)</span>
              <input
                className={field}
                type="number"
                min={0}
                value={start}
                onChange={(e) => setStart(e.target.value)}
              />
            </label>
            <label className={label}>
              <span>End (s)</span>
              <input
                className={field}
                type="number"
                min={0}
                value={end}
                onChange={(e) => setEnd(e.target.value)}
              />
            </label>
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            type="checkbox"
            checked={dropBackground}
            onChange={(e) => setDropBackground(e.target.checked)}
          />
          Drop the background audio
        </label>
        <p className="text-xs text-zinc-500" data-testid="dub-pairs">
          Pairs this server dubs: {pairs.map((p) => `${p.source}→${p.target}`).join(', ') || 'none'}.
          {!works && languages.data && ' The languages chosen are not among them.'} Costs 3,000 characters per
          minute.
        </p>
        {create.error && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {errorToastMessage(create.error)}
          </p>
        )}
        <div className="flex justify-end">
          <LoadingButton loading={create.isPending} disabled={!file && !url.trim()} onClick={submit}>
            Create dub
          </LoadingButton>
        </div>
      </div>
    </Modal>
  );
}
