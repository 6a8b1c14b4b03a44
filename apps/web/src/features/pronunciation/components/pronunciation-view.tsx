import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { errorToastMessage } from '@/lib/error-toast';

import {
  downloadPls,
  useAddRules,
  useCreateDictionary,
  useDictionaries,
  useDictionary,
  useRemoveRules,
  useUpdateDictionary,
  type Rule,
} from '../api/pronunciation';
import { emptyRule, RuleFields, ruleOf, type RuleDraft } from './rule-editor';

const card = 'space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800';

function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-rose-600">
      {errorToastMessage(error)}
    </p>
  );
}

function CreateForm({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCreateDictionary();
  const [mode, setMode] = useState<'rules' | 'file'>('rules');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [draft, setDraft] = useState<RuleDraft>(emptyRule);
  const [file, setFile] = useState<File | null>(null);
  const rule = ruleOf(draft);
  const ready = name.trim() && (mode === 'rules' ? !!rule : !!file);
  const submit = () => {
    const common = { name: name.trim(), description: description.trim() };
    create.mutate(mode === 'rules' ? { ...common, rules: [rule!] } : { ...common, file: file! }, {
      onSuccess: (d) => {
        setName('');
        setDescription('');
        setDraft(emptyRule);
        setFile(null);
        onCreated(d.id);
      },
    });
  };
  return (
    <section aria-label="New dictionary" className={card}>
      <h3 className="font-medium text-zinc-900 dark:text-zinc-100">New dictionary</h3>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Name">
          {(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Description">
          {(id) => (
            <Input
              id={id}
              value={description}
              maxLength={2000}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm text-zinc-700 dark:text-zinc-300">
        <legend className="sr-only">Start from</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="pls-mode" checked={mode === 'rules'} onChange={() => setMode('rules')} />
          First rule
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="pls-mode" checked={mode === 'file'} onChange={() => setMode('file')} />
          Upload a PLS file
        </label>
      </fieldset>
      {mode === 'rules' ? (
        <RuleFields value={draft} onChange={setDraft} />
      ) : (
        <Field label="PLS file" hint="A pronunciation lexicon (.pls, XML), up to 2 MB.">
          {(id) => (
            <input
              id={id}
              type="file"
              accept=".pls,.xml,application/pls+xml"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      )}
      <ErrorText error={create.error} />
      <LoadingButton loading={create.isPending} disabled={!ready} onClick={submit}>
        Create dictionary
      </LoadingButton>
    </section>
  );
}

const ruleText = (r: Rule) =>
  r.type === 'alias' ? r.alias : `/${r.phoneme}/ (${r.alphabet === 'ipa' ? 'IPA' : 'CMU Arpabet'})`;

function DictionaryPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const dictionary = useDictionary(id);
  const add = useAddRules(id);
  const remove = useRemoveRules(id);
  const update = useUpdateDictionary(id);
  const [draft, setDraft] = useState<RuleDraft>(emptyRule);
  const [name, setName] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const d = dictionary.data;
  if (dictionary.error) return <ErrorText error={dictionary.error} />;
  if (!d) return <p className="text-sm text-zinc-500">Loading…</p>;
  const rule = ruleOf(draft);
  const shownName = name ?? d.name;
  return (
    <section aria-label={`Dictionary ${d.name}`} className={card}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="min-w-0 break-words font-medium text-zinc-900 dark:text-zinc-100">{d.name}</h3>
        {d.archived_time_unix != null && <span className="text-xs text-zinc-500">Archived</span>}
        <span className="text-xs text-zinc-500">
          Version {d.latest_version_id} · {d.latest_version_rules_num}{' '}
          {d.latest_version_rules_num === 1 ? 'rule' : 'rules'}
        </span>
        <Button variant="ghost" size="sm" className="ml-auto" onClick={onClose}>
          Close
        </Button>
      </div>
      {d.description && <p className="text-sm text-zinc-600 dark:text-zinc-400">{d.description}</p>}
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Dictionary name" className="min-w-0 flex-1">
          {(fid) => (
            <Input id={fid} value={shownName} maxLength={200} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <LoadingButton
          variant="secondary"
          loading={update.isPending && update.variables?.name !== undefined}
          disabled={!shownName.trim() || shownName.trim() === d.name}
          onClick={() => update.mutate({ name: shownName.trim() }, { onSuccess: () => setName(null) })}
        >
          Rename
        </LoadingButton>
        <Button
          variant="secondary"
          onClick={() =>
            downloadPls(d.id, d.latest_version_id).then(
              () => setDownloadError(null),
              (e: unknown) => setDownloadError(e),
            )
          }
        >
          Download PLS
        </Button>
        <LoadingButton
          variant={d.archived_time_unix == null ? 'danger' : 'secondary'}
          loading={update.isPending && update.variables?.archived !== undefined}
          onClick={() => update.mutate({ archived: d.archived_time_unix == null })}
        >
          {d.archived_time_unix == null ? 'Archive' : 'Restore'}
        </LoadingButton>
      </div>
      <ErrorText error={update.error ?? downloadError} />
      <ul aria-label="Rules" className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {d.rules.map((r) => (
          <li key={r.string_to_replace} className="flex flex-wrap items-center gap-2 py-2 text-sm">
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{r.string_to_replace}</span>
            <span aria-hidden className="text-zinc-400">
              →
            </span>
            <span className="min-w-0 break-words text-zinc-700 dark:text-zinc-300">{ruleText(r)}</span>
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              aria-label={`Remove ${r.string_to_replace}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate([r.string_to_replace])}
            >
              Remove
            </Button>
          </li>
        ))}
        {d.rules.length === 0 && <li className="py-2 text-sm text-zinc-500">No rules in this version.</li>}
      </ul>
      <ErrorText error={remove.error} />
      <div className="space-y-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
        <h4 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Add a rule</h4>
        <p className="text-xs text-zinc-500">A rule for a word already in the dictionary replaces it.</p>
        <RuleFields value={draft} onChange={setDraft} />
        <ErrorText error={add.error} />
        <LoadingButton
          loading={add.isPending}
          disabled={!rule}
          onClick={() => add.mutate([rule!], { onSuccess: () => setDraft(emptyRule) })}
        >
          Add rule
        </LoadingButton>
      </div>
    </section>
  );
}

/** /app/pronunciation-dictionaries: the workspace's dictionaries, a form for a new one, and the open one. */
export function PronunciationView() {
  const list = useDictionaries();
  const [params, setParams] = useSearchParams();
  const open = params.get('dictionary');
  const select = (id: string | null) => setParams(id ? { dictionary: id } : {});
  const dictionaries = list.data?.pronunciation_dictionaries ?? [];
  return (
    <div className="space-y-5">
      <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">Pronunciation dictionaries</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Tell the voices how to say names and terms. Alias rules replace a word with how it sounds and work
        with every engine; phoneme rules (IPA or CMU Arpabet) are spoken by the eSpeak-NG model in English,
        and the other engines (Flite, RHVoice, a remote server) say those words as written. Every change makes
        a new version; text to speech and Studio use up to three dictionaries by version.
      </p>
      <CreateForm onCreated={select} />
      {open && <DictionaryPanel key={open} id={open} onClose={() => select(null)} />}
      <ErrorText error={list.error} />
      <ul aria-label="Dictionaries" className="space-y-2">
        {dictionaries.map((d) => (
          <li
            key={d.id}
            className="flex flex-wrap items-center gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
          >
            <button
              type="button"
              className="min-w-0 break-words text-left font-medium text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100"
              aria-current={d.id === open ? 'true' : undefined}
              onClick={() => select(d.id)}
            >
              {d.name}
            </button>
            <span className="text-xs text-zinc-500">
              {d.latest_version_rules_num} {d.latest_version_rules_num === 1 ? 'rule' : 'rules'}
            </span>
            {d.archived_time_unix != null && <span className="text-xs text-zinc-500">Archived</span>}
            <span className="ml-auto text-xs text-zinc-500">
              {new Date(d.creation_time_unix * 1000).toLocaleDateString()}
            </span>
          </li>
        ))}
        {list.data && dictionaries.length === 0 && (
          <li className="text-sm text-zinc-500">No pronunciation dictionaries yet.</li>
        )}
      </ul>
    </div>
  );
}
