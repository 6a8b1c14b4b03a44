import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Input } from '@/components/ui/input';

import { useChapterMutations } from '../api/chapters';
import { useUpdateProject, type ProjectWithChapters } from '../api/projects';

const progressOf = (c: ProjectWithChapters['chapters'][number]) =>
  c.state === 'converting' ? `${Math.round((c.conversion_progress ?? 0) * 100)}%` : c.last_conversion_date_unix ? 'converted' : '';

/** The chapters of a project: select, add, rename, move up or down (chapters_order), delete. */
export function ChaptersSidebar({ project, selected, onSelect }: { project: ProjectWithChapters; selected: string | null; onSelect: (id: string) => void }) {
  const m = useChapterMutations(project.project_id);
  const update = useUpdateProject(project.project_id);
  const confirm = useConfirm();
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const ids = project.chapters.map((c) => c.chapter_id);

  const move = (i: number, by: number) => {
    const order = [...ids];
    const [id] = order.splice(i, 1);
    order.splice(i + by, 0, id!);
    update.mutate({
      name: project.name,
      default_title_voice_id: project.default_title_voice_id,
      default_paragraph_voice_id: project.default_paragraph_voice_id,
      chapters_order: order,
    });
  };

  return (
    <nav aria-label="Chapters" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Chapters</h2>
        <Button size="sm" variant="secondary" onClick={() => m.create.mutate(`Chapter ${ids.length + 1}`, { onSuccess: (r) => onSelect(r.chapter.chapter_id) })}>
          Add chapter
        </Button>
      </div>
      <ol className="space-y-1">
        {project.chapters.map((c, i) => (
          <li key={c.chapter_id} className={`group rounded-lg border px-2 py-1.5 ${c.chapter_id === selected ? 'border-indigo-400 bg-indigo-50 dark:border-indigo-500 dark:bg-indigo-950/40' : 'border-transparent hover:bg-zinc-50 dark:hover:bg-zinc-800/50'}`}>
            {renaming?.id === c.chapter_id ? (
              <form
                className="flex gap-1"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (renaming.name.trim()) m.rename.mutate({ chapterId: c.chapter_id, name: renaming.name.trim() });
                  setRenaming(null);
                }}
              >
                <Input aria-label="Chapter name" autoFocus value={renaming.name} onChange={(e) => setRenaming({ id: c.chapter_id, name: e.target.value })} />
                <Button type="submit" size="sm">
                  Save
                </Button>
              </form>
            ) : (
              <div className="flex items-center gap-1">
                <button type="button" className="min-w-0 flex-1 truncate text-left text-sm text-zinc-800 dark:text-zinc-200" aria-current={c.chapter_id === selected} onClick={() => onSelect(c.chapter_id)}>
                  {c.name}
                </button>
                <span className="text-xs text-zinc-500" data-testid={`chapter-status-${i}`}>
                  {progressOf(c)}
                </span>
                <div className="flex opacity-60 group-hover:opacity-100">
                  <Button size="sm" variant="ghost" aria-label={`Move ${c.name} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                    ↑
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Move ${c.name} down`} disabled={i === ids.length - 1} onClick={() => move(i, 1)}>
                    ↓
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Rename ${c.name}`} onClick={() => setRenaming({ id: c.chapter_id, name: c.name })}>
                    ✎
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${c.name}`}
                    onClick={async () => {
                      const { confirmed } = await confirm({ title: `Delete “${c.name}”?`, description: 'Its blocks and audio are removed.', confirmText: 'Delete', variant: 'danger' });
                      if (confirmed) m.remove.mutate(c.chapter_id);
                    }}
                  >
                    ×
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
