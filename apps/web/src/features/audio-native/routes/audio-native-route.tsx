import { useState } from 'react';
import { Link } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { CopyButton } from '@/components/ui/copy-button';
import { Field, Input, inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { errorToastMessage } from '@/lib/error-toast';
import { useVoices } from '@/lib/voices';

import { useAudioNativeProjects, useCreateAudioNative } from '../api/audio-native';
import { AudioNativeTabs } from '../components/audio-native-tabs';

function CreateForm() {
  const voices = useVoices();
  const create = useCreateAudioNative();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [voiceId, setVoiceId] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const voice = voiceId || voices.data?.[0]?.voice_id || '';
  const ready = name.trim() && (file || /^https?:\/\/\S+$/i.test(url.trim()));
  return (
    <section
      aria-label="New audio native project"
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h3 className="font-medium text-zinc-900 dark:text-zinc-100">Narrate an article</h3>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Name">
          {(id) => <Input id={id} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />}
        </Field>
        <Field label="Voice">
          {(id) => (
            <select
              id={id}
              className={inputClasses}
              value={voice}
              onChange={(e) => setVoiceId(e.target.value)}
            >
              {(voices.data ?? []).map((v) => (
                <option key={v.voice_id} value={v.voice_id}>
                  {v.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Title shown in the player">
          {(id) => <Input id={id} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field label="Author">
          {(id) => <Input id={id} value={author} onChange={(e) => setAuthor(e.target.value)} />}
        </Field>
        <Field label="Article address" hint="An http or https page; or upload the article instead.">
          {(id) => (
            <Input
              id={id}
              type="url"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              disabled={!!file}
            />
          )}
        </Field>
        <Field label="Article file" hint="txt, md, html, epub, docx or pdf, up to 10 MB.">
          {(id) => (
            <input
              id={id}
              type="file"
              accept=".txt,.md,.html,.htm,.epub,.docx,.pdf"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      </div>
      {create.error && (
        <p role="alert" className="text-sm text-rose-600">
          {errorToastMessage(create.error)}
        </p>
      )}
      <LoadingButton
        loading={create.isPending}
        disabled={!ready}
        onClick={() =>
          create.mutate({
            name: name.trim(),
            title: title.trim(),
            author: author.trim(),
            voiceId: voice,
            ...(file ? { file } : { url: url.trim() }),
          })
        }
      >
        Create and narrate
      </LoadingButton>
    </section>
  );
}

/** /app/audio-native: the workspace's narrated articles with their embed snippets, and a form for a new one. */
export default function AudioNativeRoute() {
  const list = useAudioNativeProjects();
  return (
    <ErrorBoundary region="audio-native">
      <div className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">Audio Native</h2>
          <AudioNativeTabs projectId={null} />
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Paste the snippet into any web page: it shows a player that reads the article aloud in your colours.
          Each project is a Studio project and counts toward your plan&apos;s project limit.
        </p>
        <CreateForm />
        {list.error && (
          <p role="alert" className="text-sm text-rose-600">
            {errorToastMessage(list.error)}
          </p>
        )}
        <ul className="space-y-3" aria-label="Audio native projects">
          {(list.data?.projects ?? []).map((p) => (
            <li
              key={p.project_id}
              className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
            >
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-medium text-zinc-900 dark:text-zinc-100">{p.name}</span>
                <span className="text-xs text-zinc-500">{p.status === 'ready' ? 'Ready' : 'Narrating…'}</span>
                <Link
                  className="ml-auto text-sm underline"
                  to={`/app/audio-native/settings/player?project=${encodeURIComponent(p.project_id)}`}
                >
                  Player
                </Link>
                <Link className="text-sm underline" to={`/app/studio/${encodeURIComponent(p.project_id)}`}>
                  Edit in Studio
                </Link>
              </div>
              <div className="flex items-start gap-2">
                <pre
                  className="min-w-0 flex-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
                  aria-label="Embed snippet"
                >
                  {p.html_snippet}
                </pre>
                <CopyButton value={p.html_snippet} label="Copy snippet" />
              </div>
            </li>
          ))}
          {list.data?.projects.length === 0 && (
            <li className="text-sm text-zinc-500">No audio native projects yet.</li>
          )}
        </ul>
      </div>
    </ErrorBoundary>
  );
}
