import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { isHttpError } from '@/lib/api-client';
import { GENERIC_ERROR_MESSAGE } from '@/lib/error-toast';

import { addVoice, useVoiceMutation, type VoiceUpload } from '../api/voice-calls';
import { cloningFlow } from '../lib/cloning-flow';
import { labelsObject, voiceFormProblems, type LabelRow } from '../lib/voice-form';

import { LabelsEditor } from './labels-editor';
import { SampleFiles } from './sample-files';

export const textareaClasses =
  'block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/15 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/** The server's own words for a refusal (it decides); a failure of ours gets the generic text. */
export function serverMessage(error: unknown): string {
  if (isHttpError(error) && error.status > 0 && error.status < 500 && error.message) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/**
 * Instant cloning: name, description, labels, background-noise removal and samples (uploaded or
 * recorded). Client checks mirror the server's; `blockedReason` (plan limits) disables sending.
 */
export function AddVoiceDialog({
  open,
  onOpenChange,
  blockedReason,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  blockedReason: string | null;
  onCreated: (voiceId: string) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [labels, setLabels] = useState<LabelRow[]>([]);
  const [removeNoise, setRemoveNoise] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const mutation = useVoiceMutation((input: VoiceUpload) => addVoice(input));

  useEffect(() => (open ? cloningFlow.begin() : undefined), [open]);
  useEffect(() => {
    if (open) return;
    setName('');
    setDescription('');
    setLabels([]);
    setRemoveNoise(false);
    setFiles([]);
    setTried(false);
    mutation.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per close
  }, [open]);

  const problems = voiceFormProblems({
    name,
    labels,
    files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })),
    mode: 'add',
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problems.length || blockedReason || mutation.isPending) return;
    mutation.mutate(
      {
        name,
        description: description.trim() || undefined,
        labels: labelsObject(labels),
        removeBackgroundNoise: removeNoise,
        files,
      },
      {
        onSuccess: (res) => {
          toast.success('Voice created', `${name.trim()} is ready to use.`);
          onOpenChange(false);
          onCreated(res.voice_id);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add voice"
      description="Instant cloning measures your recordings' pitch, pace and brightness and fits a built-in voice to them (a profile voice, not a neural clone)."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {blockedReason ? (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
          >
            {blockedReason}
          </p>
        ) : null}
        <Field label="Name">
          {(id) => <Input id={id} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Description" hint="Optional. Without one, the voice is described by what was fitted.">
          {(id) => (
            <textarea
              id={id}
              rows={2}
              className={textareaClasses}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <LabelsEditor rows={labels} onChange={setLabels} />
        <SampleFiles files={files} onChange={setFiles} disabled={mutation.isPending} />
        <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={removeNoise}
            onChange={(e) => setRemoveNoise(e.target.checked)}
          />
          Remove background noise
        </label>
        {tried && problems.length ? (
          <ul role="alert" aria-label="Problems" className="list-disc space-y-1 pl-5 text-sm text-rose-600">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        {mutation.isError ? (
          <p role="alert" data-testid="server-error" className="text-sm text-rose-600">
            {serverMessage(mutation.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <LoadingButton type="submit" loading={mutation.isPending} disabled={!!blockedReason}>
            {mutation.isPending ? 'Measuring samples…' : 'Add voice'}
          </LoadingButton>
        </div>
      </form>
    </Modal>
  );
}
