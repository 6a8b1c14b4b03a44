import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { currentUserKey } from '@/lib/current-user';
import { errorToastMessage } from '@/lib/error-toast';
import { useLiveCollection } from '@/lib/live';
import { saveFile } from '@/lib/save-file';

import { useChapter } from '../api/chapters';
import { useAssignDialogueVoices } from '../api/dialogue-voices';
import { projectArchive, studioKeys, useConvert, useProject } from '../api/projects';
import { BlockEditor } from './block-editor';
import { ChapterPlayer } from './chapter-player';
import { ChaptersSidebar } from './chapters-sidebar';
import { ExportPanel } from './export-panel';
import { ProjectDictionaries } from './project-dictionaries';

/** /app/studio/{id}: chapters on the left, the selected chapter's blocks, conversion and its snapshots. */
export function StudioEditor({ projectId }: { projectId: string }) {
  const qc = useQueryClient();
  const project = useProject(projectId);
  const [picked, setPicked] = useState<string | null>(null);
  const chapters = project.data?.chapters ?? [];
  const selected = picked && chapters.some((c) => c.chapter_id === picked) ? picked : (chapters[0]?.chapter_id ?? null);
  const chapter = useChapter(projectId, selected);
  const convert = useConvert(projectId);
  const dialogue = useAssignDialogueVoices(projectId);
  // Conversion progress and other people's edits arrive over live updates.
  // A conversion spends characters: the credits meter refreshes with it.
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: studioKeys.all });
    void qc.invalidateQueries({ queryKey: currentUserKey });
  };
  useLiveCollection('project', refresh);
  useLiveCollection('chapter', refresh);
  useLiveCollection('block', refresh);

  if (project.isPending) return <p className="text-sm text-zinc-500">Loading…</p>;
  if (project.error)
    return (
      <p role="alert" className="text-sm text-rose-600">
        {errorToastMessage(project.error)} <Link to="/app/studio" className="underline">Back to projects</Link>
      </p>
    );
  const p = project.data;
  const current = chapters.find((c) => c.chapter_id === selected);
  const busy = p.state !== 'default';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/app/studio" className="text-sm text-zinc-500 hover:underline">
          ← Projects
        </Link>
        <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{p.name}</h2>
        <span className="text-xs text-zinc-500" data-testid="project-state">
          {p.state === 'default' ? (p.last_conversion_date_unix ? 'Converted' : 'Not converted') : p.state === 'in_queue' ? 'In queue' : 'Converting…'}
        </span>
        {p.latest_snapshot_id && (
          <Button
            className="ml-auto"
            variant="secondary"
            onClick={async () => {
              try {
                const { blob, fileName } = await projectArchive(p.project_id, p.latest_snapshot_id!);
                saveFile(blob, fileName);
              } catch (e) {
                toast.error(errorToastMessage(e));
              }
            }}
          >
            Download chapters (zip)
          </Button>
        )}
        <LoadingButton
          className={p.latest_snapshot_id ? '' : 'ml-auto'}
          variant="secondary"
          loading={dialogue.isPending}
          title="Give each speaker of quoted dialogue its own voice"
          onClick={() => dialogue.mutate()}
        >
          Voices for dialogue
        </LoadingButton>
        <LoadingButton loading={convert.isPending && convert.variables === null} disabled={busy} onClick={() => convert.mutate(null)}>
          Convert project
        </LoadingButton>
      </div>
      <ExportPanel project={p} chapterId={selected} />
      {dialogue.data && (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="dialogue-result">
          {dialogue.data.speakers.length
            ? `Speakers: ${dialogue.data.speakers.map((s) => s.name).join(', ')} · ${dialogue.data.blocks_changed} blocks changed`
            : 'No attributed dialogue found.'}
          {dialogue.data.unattributed_quotations > 0 && ` · ${dialogue.data.unattributed_quotations} quotations without a speaker keep the narrator's voice`}
        </p>
      )}
      {(convert.error ?? dialogue.error) && (
        <p role="alert" className="text-sm text-rose-600">
          {errorToastMessage(convert.error ?? dialogue.error)}
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-[20rem_1fr]">
        <div className="space-y-4">
          <ChaptersSidebar project={p} selected={selected} onSelect={setPicked} />
          <ProjectDictionaries project={p} />
        </div>
        <div className="min-w-0 space-y-4">
          {current && (
            <div className="flex flex-wrap items-center gap-3">
              <h3 className="text-lg font-medium text-zinc-900 dark:text-zinc-100">{current.name}</h3>
              {current.state === 'converting' && (
                <div className="h-2 w-40 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" role="progressbar" aria-label="Conversion" aria-valuenow={Math.round((current.conversion_progress ?? 0) * 100)}>
                  <div className="h-full bg-emerald-500" style={{ width: `${(current.conversion_progress ?? 0) * 100}%` }} />
                </div>
              )}
              {current.last_conversion_error && <span className="text-xs text-rose-600">{current.last_conversion_error}</span>}
              <span className="text-xs text-zinc-500">
                {current.statistics.characters_unconverted.toLocaleString('en')} characters to convert
              </span>
              <LoadingButton className="ml-auto" variant="secondary" loading={convert.isPending && convert.variables === current.chapter_id} disabled={current.state === 'converting'} onClick={() => convert.mutate(current.chapter_id)}>
                Convert chapter
              </LoadingButton>
            </div>
          )}
          {chapter.data && <BlockEditor key={chapter.data.chapter_id} project={p} chapter={chapter.data} />}
          {selected && <ChapterPlayer projectId={projectId} chapterId={selected} />}
        </div>
      </div>
    </div>
  );
}
