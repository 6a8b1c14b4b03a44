import { useState } from 'react';
import { useNavigate } from 'react-router';

import { DictionaryPicker } from '@/components/pronunciation/dictionary-picker';
import { Button } from '@/components/ui/button';
import { Field, Input, inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { errorToastMessage } from '@/lib/error-toast';
import type { DictionaryLocator } from '@/lib/pronunciation-dictionaries';
import { useVoices } from '@/lib/voices';

import { useCreateProject } from '../api/projects';

type Source = 'blank' | 'text' | 'file' | 'url';

/** The create dialog: a name, a voice, and blank, pasted text, a document (txt, md, html, epub, docx, pdf) or a web page. */
export function NewProjectDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [name, setName] = useState('');
  const [source, setSource] = useState<Source>('blank');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [voiceId, setVoiceId] = useState('');
  const [locators, setLocators] = useState<DictionaryLocator[]>([]);
  const voices = useVoices();
  const create = useCreateProject();
  const navigate = useNavigate();
  const voice = voiceId || voices.data?.[0]?.voice_id || '';

  const submit = () =>
    create.mutate(
      { name: name.trim(), voiceId: voice, locators, ...(source === 'text' ? { text } : {}), ...(source === 'file' && file ? { file } : {}), ...(source === 'url' ? { url } : {}) },
      { onSuccess: ({ project }) => void navigate(`/app/studio/${project.project_id}`) },
    );
  const ready = name.trim() && voice && (source !== 'file' || file) && (source !== 'text' || text.trim()) && (source !== 'url' || /^https?:\/\/\S+$/i.test(url.trim()));

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New project" wide>
      <div className="space-y-4">
        <Field label="Name">{(id) => <Input id={id} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />}</Field>
        <Field label="Voice" hint="Titles and paragraphs start with this voice; change it per block in the editor.">
          {(id) => (
            <select id={id} className={inputClasses} value={voice} onChange={(e) => setVoiceId(e.target.value)}>
              {(voices.data ?? []).map((v) => (
                <option key={v.voice_id} value={v.voice_id}>
                  {v.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Pronunciation dictionaries</legend>
          <DictionaryPicker value={locators} onChange={setLocators} />
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Start from</legend>
          <div className="flex gap-2">
            {(
              [
                ['blank', 'Blank'],
                ['text', 'Paste text'],
                ['file', 'Upload a file'],
                ['url', 'From a web page'],
              ] as const
            ).map(([value, label]) => (
              <Button key={value} variant={source === value ? 'primary' : 'secondary'} size="sm" aria-pressed={source === value} onClick={() => setSource(value)}>
                {label}
              </Button>
            ))}
          </div>
        </fieldset>
        {source === 'text' && (
          <Field label="Text" hint="Blank lines separate paragraphs; lines like “Chapter 2” start a chapter.">
            {(id) => <textarea id={id} rows={8} className={`${inputClasses} h-auto py-2`} value={text} onChange={(e) => setText(e.target.value)} />}
          </Field>
        )}
        {source === 'file' && (
          <Field label="Document" hint="txt, md, html, epub, docx or pdf, up to 10 MB; chapters start at the top headings.">
            {(id) => <input id={id} type="file" accept=".txt,.md,.markdown,.html,.htm,.epub,.docx,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
          </Field>
        )}
        {source === 'url' && (
          <Field label="Web page" hint="An http or https address; the article is kept, menus and footers are left out.">
            {(id) => <Input id={id} type="url" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} />}
          </Field>
        )}
        {create.error && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {errorToastMessage(create.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <LoadingButton loading={create.isPending} disabled={!ready} onClick={submit}>
            Create project
          </LoadingButton>
        </div>
      </div>
    </Modal>
  );
}
