import type { Voice } from '@vocalis/contracts/voices';
import { useState } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';

import { editVoice, useVoiceMutation, type VoiceUpload } from '../api/voice-calls';
import { labelRows, labelsObject, voiceFormProblems, type LabelRow } from '../lib/voice-form';

import { serverMessage, textareaClasses } from './add-voice-dialog';
import { LabelsEditor } from './labels-editor';
import { SampleFiles } from './sample-files';

/** POST /v1/voices/{id}/edit: rename, describe, relabel, and add samples (the voice is fitted again). */
export function VoiceEditForm({ voice, blockedReason }: { voice: Voice; blockedReason: string | null }) {
  const [name, setName] = useState(voice.name);
  const [description, setDescription] = useState(voice.description ?? '');
  const [labels, setLabels] = useState<LabelRow[]>(labelRows(voice.labels));
  const [files, setFiles] = useState<File[]>([]);
  const [removeNoise, setRemoveNoise] = useState(false);
  const [tried, setTried] = useState(false);
  const save = useVoiceMutation((input: VoiceUpload) => editVoice(voice.voice_id, input));
  const problems = voiceFormProblems({
    name,
    labels,
    files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })),
    existingSamples: voice.samples?.length ?? 0,
    mode: 'edit',
  });

  return (
    <form
      aria-label="Edit voice"
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (problems.length || blockedReason) return;
        save.mutate(
          { name, description, labels: labelsObject(labels), removeBackgroundNoise: removeNoise, files },
          {
            onSuccess: () => {
              toast.success('Voice saved');
              setFiles([]);
              setTried(false);
            },
          },
        );
      }}
    >
      <Field label="Name">
        {(id) => <Input id={id} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Description">
        {(id) => (
          <textarea
            id={id}
            rows={3}
            className={textareaClasses}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <LabelsEditor rows={labels} onChange={setLabels} />
      <div className="space-y-2">
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Add samples</p>
        <SampleFiles files={files} onChange={setFiles} disabled={save.isPending} />
        {files.length ? (
          <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={removeNoise}
              onChange={(e) => setRemoveNoise(e.target.checked)}
            />
            Remove background noise
          </label>
        ) : null}
      </div>
      {blockedReason ? <p className="text-sm text-amber-700 dark:text-amber-300">{blockedReason}</p> : null}
      {tried && problems.length ? (
        <ul role="alert" className="list-disc space-y-1 pl-5 text-sm text-rose-600">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {save.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {serverMessage(save.error)}
        </p>
      ) : null}
      <LoadingButton type="submit" size="sm" loading={save.isPending} disabled={!!blockedReason}>
        Save changes
      </LoadingButton>
    </form>
  );
}
