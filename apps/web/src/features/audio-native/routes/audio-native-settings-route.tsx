import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { LoadingButton } from '@/components/ui/loading-button';
import { errorToastMessage } from '@/lib/error-toast';

import {
  useAudioNativeProjects,
  useAudioNativeSettings,
  useUpdateAudioNativeContent,
} from '../api/audio-native';
import { AudioNativeTabs, ProjectPicker } from '../components/audio-native-tabs';

/** /app/audio-native/settings: a project's status, narration and a new version of its article. */
export default function AudioNativeSettingsRoute() {
  const [params, setParams] = useSearchParams();
  const list = useAudioNativeProjects();
  const projects = list.data?.projects ?? [];
  const id = params.get('project') ?? projects[0]?.project_id ?? null;
  const settings = useAudioNativeSettings(id);
  const update = useUpdateAudioNativeContent(id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const s = settings.data?.settings;
  return (
    <ErrorBoundary region="audio-native-settings">
      <div className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">Audio Native settings</h2>
          <AudioNativeTabs projectId={id} />
        </div>
        {projects.length === 0 && !list.isPending && (
          <p className="text-sm text-zinc-500">Create a project first.</p>
        )}
        {id && <ProjectPicker projects={projects} value={id} onChange={(v) => setParams({ project: v })} />}
        {s && (
          <dl className="grid max-w-xl grid-cols-[10rem_1fr] gap-2 text-sm">
            <dt className="text-zinc-500">Status</dt>
            <dd data-testid="audio-native-status">{s.status === 'ready' ? 'Ready' : 'Narrating…'}</dd>
            <dt className="text-zinc-500">Title</dt>
            <dd>{s.title}</dd>
            <dt className="text-zinc-500">Author</dt>
            <dd>{s.author || '—'}</dd>
            <dt className="text-zinc-500">Narration</dt>
            <dd>{s.audio_url ? <audio controls src={s.audio_url} className="w-full" /> : '—'}</dd>
          </dl>
        )}
        {id && (
          <section aria-label="Replace the article" className="space-y-2">
            <h3 className="font-medium text-zinc-900 dark:text-zinc-100">Replace the article</h3>
            <input
              type="file"
              accept=".txt,.md,.html,.htm,.epub,.docx,.pdf"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            {update.error && (
              <p role="alert" className="text-sm text-rose-600">
                {errorToastMessage(update.error)}
              </p>
            )}
            <LoadingButton
              loading={update.isPending}
              disabled={!file}
              onClick={() => file && update.mutate(file)}
            >
              Upload and narrate again
            </LoadingButton>
          </section>
        )}
      </div>
    </ErrorBoundary>
  );
}
