import type { VoiceoverProjectDto } from '@vocalis/contracts/voiceover';

import { Button } from '@/components/ui/button';

import type { ProjectChange } from '../api/voiceover-api';

/** A volume slider (0-200 %) that sends its value when released. */
function Volume({ label, value, onCommit }: { label: string; value: number; onCommit: (v: number) => void }) {
  return (
    <label className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      <span className="sr-only">{label}</span>
      <input
        type="range"
        aria-label={label}
        min={0}
        max={200}
        step={5}
        defaultValue={Math.round(value * 100)}
        key={value}
        className="w-28 accent-indigo-600"
        onPointerUp={(e) => onCommit(Number(e.currentTarget.value) / 100)}
        onKeyUp={(e) => onCommit(Number(e.currentTarget.value) / 100)}
      />
      <span className="w-10 tabular-nums">{Math.round(value * 100)}%</span>
    </label>
  );
}

/** The video's own sound and each track: volume, mute, remove; a new track. */
export function TrackControls({
  project,
  send,
  busy,
}: {
  project: VoiceoverProjectDto;
  send: (c: ProjectChange) => void;
  busy: boolean;
}) {
  return (
    <div className="space-y-2 border-t border-zinc-100 pt-3 dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="w-28 font-medium text-zinc-700 dark:text-zinc-300">Video sound</span>
        <Volume
          label="Video sound volume"
          value={project.video_volume}
          onCommit={(v) =>
            v !== project.video_volume && send({ method: 'PATCH', to: '', body: { video_volume: v } })
          }
        />
      </div>
      {project.tracks.map((t) => (
        <div key={t.track_id} className="flex flex-wrap items-center gap-3 text-sm">
          <span className="w-28 truncate font-medium text-zinc-700 dark:text-zinc-300">{t.name}</span>
          <Volume
            label={`${t.name} volume`}
            value={t.volume}
            onCommit={(v) =>
              v !== t.volume && send({ method: 'PATCH', to: `/tracks/${t.track_id}`, body: { volume: v } })
            }
          />
          <label className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
            <input
              type="checkbox"
              checked={t.muted}
              onChange={(e) =>
                send({ method: 'PATCH', to: `/tracks/${t.track_id}`, body: { muted: e.target.checked } })
              }
            />
            Mute {t.name}
          </label>
          {project.tracks.length > 1 && (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => send({ method: 'DELETE', to: `/tracks/${t.track_id}` })}
            >
              Remove {t.name}
            </Button>
          )}
        </div>
      ))}
      <Button
        size="sm"
        variant="secondary"
        disabled={busy || project.tracks.length >= 8}
        onClick={() => send({ method: 'POST', to: '/tracks', body: {} })}
      >
        New track
      </Button>
    </div>
  );
}
