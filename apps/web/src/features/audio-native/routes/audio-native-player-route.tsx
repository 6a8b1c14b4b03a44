import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { errorToastMessage } from '@/lib/error-toast';

import {
  useAudioNativeProjects,
  useAudioNativeSettings,
  useUpdatePlayer,
  type PlayerSettings,
} from '../api/audio-native';
import { AudioNativeTabs, ProjectPicker } from '../components/audio-native-tabs';

/** /app/audio-native/settings/player: the player's colours, size, title, author and image, with a live preview. */
export default function AudioNativePlayerRoute() {
  const [params, setParams] = useSearchParams();
  const list = useAudioNativeProjects();
  const projects = list.data?.projects ?? [];
  const id = params.get('project') ?? projects[0]?.project_id ?? null;
  const settings = useAudioNativeSettings(id);
  const save = useUpdatePlayer(id ?? '');
  const [form, setForm] = useState<PlayerSettings>({});
  const [preview, setPreview] = useState(0);
  const s = settings.data?.settings;
  useEffect(() => {
    if (s)
      setForm({
        title: s.title,
        author: s.author,
        image: s.image,
        small: s.small,
        text_color: s.text_color,
        background_color: s.background_color,
        sessionization: s.sessionization,
      });
  }, [s]);
  const embedSrc = list.data?.projects
    .find((p) => p.project_id === id)
    ?.html_snippet.match(/data-vocalis-audio-native="([^"]+)"/)?.[1];
  const set = (k: keyof PlayerSettings) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }));

  return (
    <ErrorBoundary region="audio-native-player">
      <div className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">Player</h2>
          <AudioNativeTabs projectId={id} />
        </div>
        {projects.length === 0 && !list.isPending && (
          <p className="text-sm text-zinc-500">Create a project first.</p>
        )}
        {id && <ProjectPicker projects={projects} value={id} onChange={(v) => setParams({ project: v })} />}
        {s && (
          <div className="grid max-w-2xl gap-3 md:grid-cols-2">
            <Field label="Title">
              {(fid) => <Input id={fid} value={form.title ?? ''} onChange={set('title')} />}
            </Field>
            <Field label="Author">
              {(fid) => <Input id={fid} value={form.author ?? ''} onChange={set('author')} />}
            </Field>
            <Field label="Image address">
              {(fid) => (
                <Input id={fid} value={form.image ?? ''} onChange={set('image')} placeholder="https://" />
              )}
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={form.small ?? false} onChange={set('small')} /> Small player
            </label>
            <Field label="Text colour">
              {(fid) => (
                <input
                  id={fid}
                  type="color"
                  value={form.text_color ?? '#111827'}
                  onChange={set('text_color')}
                />
              )}
            </Field>
            <Field
              label="Resume within (minutes)"
              hint="A listener who reloads the page within this many minutes continues where they stopped; 0 always starts over."
            >
              {(fid) => (
                <Input
                  id={fid}
                  type="number"
                  min={0}
                  max={1440}
                  value={form.sessionization ?? 0}
                  onChange={(e) =>
                    setForm((f) => ({
                      ...f,
                      sessionization: Math.min(1440, Math.max(0, Math.floor(Number(e.target.value) || 0))),
                    }))
                  }
                />
              )}
            </Field>
            <Field label="Background colour">
              {(fid) => (
                <input
                  id={fid}
                  type="color"
                  value={form.background_color ?? '#ffffff'}
                  onChange={set('background_color')}
                />
              )}
            </Field>
          </div>
        )}
        {save.error && (
          <p role="alert" className="text-sm text-rose-600">
            {errorToastMessage(save.error)}
          </p>
        )}
        {s && (
          <LoadingButton
            loading={save.isPending}
            onClick={() => save.mutate(form, { onSuccess: () => setPreview((n) => n + 1) })}
          >
            Save player
          </LoadingButton>
        )}
        {embedSrc && (
          <section aria-label="Preview" className="space-y-2">
            <h3 className="font-medium text-zinc-900 dark:text-zinc-100">Preview</h3>
            <iframe
              key={preview}
              title="Player preview"
              src={`/audio-native/embed/${embedSrc}`}
              className="w-full max-w-2xl rounded border border-zinc-200 dark:border-zinc-800"
              style={{ height: form.small ? 56 : 96 }}
            />
          </section>
        )}
      </div>
    </ErrorBoundary>
  );
}
