import { useState } from 'react';

import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';
import { saveFile } from '@/lib/save-file';

import { exportAudio, type ExportTarget } from '../api/export';
import type { ProjectWithChapters } from '../api/projects';

type Kind = 'chapter' | 'mp3' | 'zip';

/** Export buttons of the project page: the chapter, the book as one mp3, or a zip of chapters; ACX levels on request. */
export function ExportPanel({
  project,
  chapterId,
}: {
  project: ProjectWithChapters;
  chapterId: string | null;
}) {
  const [acx, setAcx] = useState(project.acx_volume_normalization);
  const [busy, setBusy] = useState<Kind | null>(null);
  const anyConverted = project.chapters.some((c) => c.can_be_downloaded);
  const chapterReady = project.chapters.some((c) => c.chapter_id === chapterId && c.can_be_downloaded);

  const run = async (kind: Kind) => {
    const target: ExportTarget = {
      projectId: project.project_id,
      format: kind === 'zip' ? 'zip' : 'mp3',
      acx,
      ...(kind === 'chapter' ? { chapterId: chapterId! } : {}),
    };
    setBusy(kind);
    try {
      const { blob, fileName } = await exportAudio(target);
      saveFile(blob, fileName);
    } catch (e) {
      toast.error(errorToastMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-label="Export"
      className="flex flex-wrap items-center gap-2 rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
    >
      <span className="font-medium text-zinc-700 dark:text-zinc-300">Export</span>
      <label
        className="flex items-center gap-1 text-zinc-600 dark:text-zinc-400"
        title="RMS −23 to −18 dB, peaks ≤ −3 dB, noise floor ≤ −60 dB, 192 kbps mp3 with room tone at head and tail"
      >
        <input type="checkbox" checked={acx} onChange={(e) => setAcx(e.target.checked)} />
        ACX levels
      </label>
      <LoadingButton
        size="sm"
        variant="secondary"
        loading={busy === 'chapter'}
        disabled={!chapterReady || busy !== null}
        onClick={() => void run('chapter')}
      >
        Chapter (mp3)
      </LoadingButton>
      <LoadingButton
        size="sm"
        variant="secondary"
        loading={busy === 'mp3'}
        disabled={!anyConverted || busy !== null}
        onClick={() => void run('mp3')}
      >
        Book (one mp3)
      </LoadingButton>
      <LoadingButton
        size="sm"
        variant="secondary"
        loading={busy === 'zip'}
        disabled={!anyConverted || busy !== null}
        onClick={() => void run('zip')}
      >
        Chapters (zip)
      </LoadingButton>
      {!anyConverted && <span className="text-xs text-zinc-500">Convert a chapter to export it.</span>}
    </section>
  );
}
