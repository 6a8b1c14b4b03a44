import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';

import { useDeleteProject, useProjects, useStudioLimits } from '../api/projects';
import { NewProjectDialog } from './new-project-dialog';

const card = 'rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60';

/** /app/studio: the workspace's projects, the plan's limit, and the create dialog. */
export function StudioProjectsView() {
  const projects = useProjects();
  const limits = useStudioLimits();
  const remove = useDeleteProject();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const l = limits.data;
  const full = l && l.projects_limit !== null && l.projects_used >= l.projects_limit;
  const items = projects.data?.projects ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          Long-form audio: a project holds chapters of blocks, each spoken by its voice. Convert a chapter or the whole
          project; every conversion is kept as a snapshot you can play and download.
        </p>
        <div className="ml-auto flex items-center gap-3">
          {l && (
            <span data-testid="project-limit" className="text-sm text-zinc-600 dark:text-zinc-400">
              {l.projects_limit === null
                ? `${l.projects_used} projects`
                : `${l.projects_used} of ${l.projects_limit.toLocaleString('en')} projects used`}
            </span>
          )}
          <Button onClick={() => setCreating(true)} disabled={!!full} title={full ? 'Your plan’s project limit is reached' : undefined}>
            New project
          </Button>
        </div>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-zinc-500">{projects.isPending ? 'Loading…' : 'No projects yet.'}</p>
      ) : (
        <ul aria-label="Projects" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((p) => (
            <li key={p.project_id} className={card}>
              <Link to={`/app/studio/${p.project_id}`} className="block font-medium text-zinc-900 hover:underline dark:text-zinc-50">
                {p.name}
              </Link>
              <p className="mt-1 text-xs text-zinc-500">
                {p.chapters_order.length} {p.chapters_order.length === 1 ? 'chapter' : 'chapters'} · {p.state === 'default' ? (p.last_conversion_date_unix ? 'converted' : 'not converted') : p.state.replace('_', ' ')}
                {p.author ? ` · ${p.author}` : ''}
              </p>
              <div className="mt-3 flex justify-end">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${p.name}`}
                  onClick={async () => {
                    const { confirmed } = await confirm({
                      title: `Delete “${p.name}”?`,
                      description: 'Its chapters, audio and snapshots are removed. This cannot be undone.',
                      confirmText: 'Delete',
                      variant: 'danger',
                    });
                    if (confirmed) remove.mutate(p.project_id);
                  }}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <NewProjectDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
