import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Field, Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast/toast-store';

import {
  useCreateVoiceover,
  useDeleteVoiceover,
  useVoiceoverProject,
  useVoiceoverProjects,
} from '../api/voiceover-api';
import { VoiceoverEditor } from './voiceover-editor';

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

function OpenProject({ id }: { id: string }) {
  const project = useVoiceoverProject(id);
  if (!project.data)
    return (
      <p className="text-sm text-zinc-500">
        {project.isError ? 'The project could not be loaded.' : 'Loading…'}
      </p>
    );
  return <VoiceoverEditor project={project.data} />;
}

/** /app/voiceover-studio: the workspace's projects, a new one from a video, and the open project's editor. */
export function VoiceoverView() {
  const [params, setParams] = useSearchParams();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const projects = useVoiceoverProjects();
  const create = useCreateVoiceover();
  const remove = useDeleteVoiceover();
  const confirm = useConfirm();
  const items = projects.data?.projects ?? [];
  const open = params.get('project');
  const choose = (id: string | null) => setParams(id ? { project: id } : {}, { replace: true });

  const onDelete = async (id: string, title: string) => {
    const { confirmed } = await confirm({
      title: `Delete ${title}?`,
      description: 'The video, every clip and the export are removed. This cannot be undone.',
      confirmText: 'Delete',
      variant: 'danger',
    });
    if (confirmed)
      remove.mutate(id, {
        onSuccess: () => {
          toast.success('Project deleted');
          if (open === id) choose(null);
        },
      });
  };

  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
        Put a voiceover on a video: add clips spoken from text, converted from your own speech or made as
        sound effects, place and trim them on tracks, set their volumes, preview them with the picture and
        export the mixed video.
      </p>
      {open ? (
        <>
          <Button variant="ghost" size="sm" onClick={() => choose(null)}>
            ← All projects
          </Button>
          <OpenProject id={open} />
        </>
      ) : (
        <>
          <form
            aria-label="New project"
            className="grid gap-3 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:border-zinc-800 dark:bg-zinc-900/60"
            onSubmit={(e) => {
              e.preventDefault();
              if (file)
                create.mutate(
                  { file, name },
                  { onSuccess: (p) => (setFile(null), setName(''), choose(p.project_id)) },
                );
            }}
          >
            <Field label="Video">
              {(id) => (
                <Input
                  id={id}
                  type="file"
                  className="h-auto py-2"
                  accept="video/*"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              )}
            </Field>
            <Field label="Project name">
              {(id) => (
                <Input
                  id={id}
                  value={name}
                  maxLength={200}
                  placeholder="From the file name"
                  onChange={(e) => setName(e.target.value)}
                />
              )}
            </Field>
            <Button type="submit" disabled={!file || create.isPending}>
              {create.isPending ? 'Uploading…' : 'Create project'}
            </Button>
          </form>
          <section className="space-y-2" aria-labelledby="voiceover-list">
            <h2 id="voiceover-list" className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">
              Your projects
            </h2>
            {items.length === 0 ? (
              <p className="text-sm text-zinc-500">
                {projects.isPending ? 'Loading…' : 'No voiceover projects yet.'}
              </p>
            ) : (
              <ul
                aria-label="Voiceover projects"
                className="divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60"
              >
                {items.map((p) => (
                  <li key={p.project_id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                    <span className="min-w-0 flex-1 truncate font-medium text-zinc-800 dark:text-zinc-200">
                      {p.name}
                    </span>
                    <span className="text-zinc-500">{clock(p.duration)}</span>
                    <span className="text-zinc-500">
                      {p.tracks.reduce((n, t) => n + t.clips.length, 0)} clips
                    </span>
                    <span className="text-xs text-zinc-500">
                      {p.export_status === 'exporting'
                        ? `Exporting ${p.export_progress}%`
                        : p.export_status === 'exported'
                          ? 'Exported'
                          : ''}
                    </span>
                    <Button size="sm" variant="secondary" onClick={() => choose(p.project_id)}>
                      Open
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${p.name}`}
                      onClick={() => void onDelete(p.project_id, p.name)}
                    >
                      Delete
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
