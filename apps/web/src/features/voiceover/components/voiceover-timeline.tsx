import type { VoiceoverClipDto, VoiceoverProjectDto } from '@vocalis/contracts/voiceover';
import clsx from 'clsx';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

import { dragged, r2, type ClipChange, type Drag } from './timeline-drag';

const KIND = { tts: 'Speech', sts: 'Voice changer', sfx: 'Sound' } as const;
const COLOURS = {
  tts: 'bg-indigo-500/85 border-indigo-700',
  sts: 'bg-teal-500/85 border-teal-700',
  sfx: 'bg-amber-500/85 border-amber-700',
} as const;

/**
 * Tracks with their clips on the video's time axis: drag a clip to move it, its edges to trim it; arrow keys
 * move the selected clip by a tenth of a second (shift: a second). The playhead follows the video.
 */
export function VoiceoverTimeline({
  project,
  playhead,
  selected,
  onSelect,
  onChange,
  onSeek,
}: {
  project: VoiceoverProjectDto;
  playhead: number;
  selected: string | null;
  onSelect: (trackId: string, clipId: string) => void;
  onChange: (trackId: string, clipId: string, change: ClipChange) => void;
  onSeek: (seconds: number) => void;
}) {
  const lane = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<(Drag & { trackId: string; dx: number }) | null>(null);
  const duration = project.duration;
  const pct = (s: number) => `${(s / duration) * 100}%`;
  const secondsOf = (dx: number) => (dx / (lane.current?.clientWidth || 1)) * duration;

  const begin = (e: ReactPointerEvent, trackId: string, clip: VoiceoverClipDto, mode: Drag['mode']) => {
    e.stopPropagation();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    onSelect(trackId, clip.clip_id);
    setDrag({ clipId: clip.clip_id, trackId, mode, x: e.clientX, clip, dx: 0 });
  };
  const move = (e: ReactPointerEvent) => drag && setDrag({ ...drag, dx: e.clientX - drag.x });
  const end = () => {
    if (!drag) return;
    if (Math.abs(drag.dx) > 2)
      onChange(drag.trackId, drag.clipId, dragged(drag, secondsOf(drag.dx), duration));
    setDrag(null);
  };

  const ticks = Array.from({ length: Math.floor(duration) + 1 }, (_, i) => i).filter(
    (i) => duration <= 20 || i % Math.ceil(duration / 20) === 0,
  );

  return (
    <div className="space-y-1" onPointerMove={move} onPointerUp={end} onPointerCancel={() => setDrag(null)}>
      <div className="flex">
        <div className="w-28 shrink-0" />
        <div
          className="relative h-5 flex-1 cursor-pointer text-[10px] text-zinc-500"
          aria-hidden="true"
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            onSeek(((e.clientX - box.left) / box.width) * duration);
          }}
        >
          {ticks.map((i) => (
            <span
              key={i}
              className="absolute top-0 border-l border-zinc-300 pl-0.5 dark:border-zinc-700"
              style={{ left: pct(i) }}
            >
              {i}s
            </span>
          ))}
        </div>
      </div>
      {project.tracks.map((track, index) => (
        <div key={track.track_id} className="flex items-stretch">
          <div className="w-28 shrink-0 truncate py-2 pr-2 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            {track.name}
            {track.muted && <span className="ml-1 text-zinc-400">(muted)</span>}
          </div>
          <div
            ref={index === 0 ? lane : undefined}
            role="list"
            aria-label={`${track.name} clips`}
            className={clsx(
              'relative h-14 flex-1 rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950/40',
              track.muted && 'opacity-50',
            )}
          >
            {track.clips.map((clip) => {
              const live =
                drag?.clipId === clip.clip_id
                  ? { ...clip, ...dragged(drag, secondsOf(drag.dx), duration) }
                  : clip;
              const label = `${KIND[clip.kind]} clip ${clip.text ? `“${clip.text.slice(0, 40)}”` : ''} at ${live.start_time.toFixed(2)} s`;
              return (
                <div
                  key={clip.clip_id}
                  role="listitem"
                  className="absolute top-1 bottom-1"
                  style={{ left: pct(live.start_time), width: pct(live.trim_end - live.trim_start) }}
                >
                  <button
                    type="button"
                    aria-label={label}
                    aria-pressed={selected === clip.clip_id}
                    className={clsx(
                      'h-full w-full cursor-grab touch-none overflow-hidden rounded-md border px-2 text-left text-[11px] leading-tight font-medium text-white shadow-sm active:cursor-grabbing',
                      COLOURS[clip.kind],
                      selected === clip.clip_id && 'ring-2 ring-zinc-900 ring-offset-1 dark:ring-white',
                      clip.stale && 'border-dashed',
                    )}
                    onPointerDown={(e) => begin(e, track.track_id, clip, 'move')}
                    onClick={() => onSelect(track.track_id, clip.clip_id)}
                    onKeyDown={(e) => {
                      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
                      e.preventDefault();
                      const step = (e.shiftKey ? 1 : 0.1) * (e.key === 'ArrowLeft' ? -1 : 1);
                      onChange(track.track_id, clip.clip_id, {
                        start_time: r2(Math.min(duration - 0.05, Math.max(0, clip.start_time + step))),
                      });
                    }}
                  >
                    <span className="block truncate">{KIND[clip.kind]}</span>
                    <span className="block truncate opacity-90">{clip.text || 'Uploaded speech'}</span>
                  </button>
                  <span
                    aria-hidden="true"
                    data-testid="trim-start"
                    className="absolute inset-y-0 left-0 w-2 cursor-ew-resize touch-none rounded-l-md bg-black/25 hover:bg-black/40"
                    onPointerDown={(e) => begin(e, track.track_id, clip, 'in')}
                  />
                  <span
                    aria-hidden="true"
                    data-testid="trim-end"
                    className="absolute inset-y-0 right-0 w-2 cursor-ew-resize touch-none rounded-r-md bg-black/25 hover:bg-black/40"
                    onPointerDown={(e) => begin(e, track.track_id, clip, 'out')}
                  />
                </div>
              );
            })}
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 w-0.5 bg-rose-500"
              style={{ left: pct(Math.min(playhead, duration)) }}
            />
          </div>
        </div>
      ))}
    </div>
  );
}
