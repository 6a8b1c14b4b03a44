import type { VoiceoverProjectDto } from '@vocalis/contracts/voiceover';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/save-file';
import { showErrorToast } from '@/lib/error-toast';

import { getExport, getVideo, useProjectChange, useStartExport } from '../api/voiceover-api';
import { AddClipForm } from './add-clip-form';
import { ClipInspector } from './clip-inspector';
import { TrackControls } from './track-controls';
import { useSyncedPreview } from './use-synced-preview';
import { VoiceoverTimeline } from './voiceover-timeline';

const card =
  'space-y-4 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60';

/** One project: the video with the clips previewed in sync, the timeline, the clip tools and the export. */
export function VoiceoverEditor({ project }: { project: VoiceoverProjectDto }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [playhead, setPlayhead] = useState(0);
  const [paused, setPaused] = useState(true);
  const [selected, setSelected] = useState<{ trackId: string; clipId: string } | null>(null);
  const change = useProjectChange(project.project_id);
  const exporting = useStartExport(project.project_id);
  const scheduled = useSyncedPreview(video, project);

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    getVideo(project.project_id)
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch((e: unknown) => showErrorToast(e));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [project.project_id]);

  const clip = selected
    ? project.tracks
        .find((t) => t.track_id === selected.trackId)
        ?.clips.find((c) => c.clip_id === selected.clipId)
    : undefined;
  const seek = (s: number) => {
    if (video) video.currentTime = Math.max(0, Math.min(project.duration, s));
  };
  const download = async () => {
    try {
      saveFile(await getExport(project.project_id), `${project.name}.mp4`);
    } catch (e) {
      showErrorToast(e);
    }
  };

  return (
    <section aria-label={`Project ${project.name}`} className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className={card}>
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{project.name}</h2>
            <span className="text-xs text-zinc-500" data-testid="preview-state">
              {paused ? 'Paused' : `Playing with ${scheduled} clip${scheduled === 1 ? '' : 's'}`}
            </span>
          </div>
          {src && (
            <video
              ref={setVideo}
              src={src}
              aria-label="Video"
              className="aspect-video w-full rounded-lg bg-black"
              playsInline
              onTimeUpdate={(e) => setPlayhead(e.currentTarget.currentTime)}
              onSeeked={(e) => setPlayhead(e.currentTarget.currentTime)}
              onPlay={() => setPaused(false)}
              onPause={() => setPaused(true)}
            />
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              disabled={!video}
              onClick={() => (video?.paused ? void video.play() : video?.pause())}
            >
              {paused ? 'Play preview' : 'Pause preview'}
            </Button>
            <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-label="Playhead">
              {playhead.toFixed(2)} / {project.duration.toFixed(2)} s
            </span>
          </div>
        </div>
        <div className={card}>
          <h3 className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">Add a clip</h3>
          <AddClipForm project={project} at={playhead} />
        </div>
      </div>

      <div className={card}>
        <div className="flex flex-wrap items-center gap-3">
          <h3 className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">Timeline</h3>
          <p className="text-xs text-zinc-500">
            Drag a clip to move it, its edges to trim it; arrow keys move the selected clip.
          </p>
        </div>
        <div className="overflow-x-auto">
          <div className="min-w-[36rem]">
            <VoiceoverTimeline
              project={project}
              playhead={playhead}
              selected={selected?.clipId ?? null}
              onSelect={(trackId, clipId) => setSelected({ trackId, clipId })}
              onChange={(trackId, clipId, body) =>
                change.mutate({ method: 'PATCH', to: `/tracks/${trackId}/clips/${clipId}`, body })
              }
              onSeek={seek}
            />
          </div>
        </div>
        {clip && selected ? (
          <ClipInspector
            key={clip.clip_id}
            clip={clip}
            trackId={selected.trackId}
            duration={project.duration}
            busy={change.isPending}
            send={(c) =>
              change.mutate(c, c.method === 'DELETE' ? { onSuccess: () => setSelected(null) } : undefined)
            }
          />
        ) : (
          <p className="text-sm text-zinc-500">Select a clip to set its start, trim and volume.</p>
        )}
        <TrackControls project={project} send={(c) => change.mutate(c)} busy={change.isPending} />
      </div>

      <div className={card}>
        <div className="flex flex-wrap items-center gap-3">
          <h3 className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">Export</h3>
          <Button
            disabled={project.export_status === 'exporting' || exporting.isPending}
            onClick={() => exporting.mutate()}
          >
            Export video
          </Button>
          {project.export_status === 'exporting' && (
            <span
              className="flex items-center gap-2 text-sm"
              role="status"
              aria-label={`Exporting ${project.export_progress}%`}
            >
              <span className="h-1.5 w-28 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700">
                <span
                  className="block h-full bg-indigo-500"
                  style={{ width: `${project.export_progress}%` }}
                />
              </span>
              Exporting {project.export_progress}%
            </span>
          )}
          {project.export_status === 'failed' && (
            <span role="alert" className="text-sm text-rose-600">
              {project.export_error}
            </span>
          )}
          {project.export_status === 'exported' && (
            <>
              <span className="text-sm text-emerald-700 dark:text-emerald-400">
                {project.export_current ? 'Exported' : 'Exported before the last change'}
              </span>
              <Button variant="secondary" onClick={() => void download()}>
                Download mp4
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
