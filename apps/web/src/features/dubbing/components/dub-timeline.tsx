import type { DubbingResource } from '@vocalis/contracts/dubbing-resource';

type Segment = DubbingResource['speaker_segments'][string];

/**
 * The segments of a dub as blocks on one lane per speaker, placed by their time in the media; the playhead
 * follows the player. A click selects a segment for editing.
 */
export function DubTimeline({
  resource,
  language,
  duration,
  playhead,
  selected,
  onSelect,
}: {
  resource: DubbingResource;
  language: string;
  duration: number;
  playhead: number;
  selected: string | null;
  onSelect: (segmentId: string) => void;
}) {
  const tracks = Object.values(resource.speaker_tracks);
  const pct = (s: number) => `${Math.max(0, Math.min(100, (s / Math.max(duration, 0.001)) * 100))}%`;
  return (
    <div
      role="group"
      aria-label="Timeline"
      className="space-y-1 rounded-lg border border-zinc-200 bg-zinc-50 p-2 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      {tracks.map((t) => (
        <div key={t.id} className="flex items-center gap-2" data-testid="timeline-lane">
          <span className="w-20 shrink-0 truncate text-xs text-zinc-600 dark:text-zinc-400">
            {t.speaker_name}
          </span>
          <div className="relative h-9 flex-1 rounded bg-white dark:bg-zinc-900">
            {t.segments
              .map((id) => resource.speaker_segments[id])
              .filter((s): s is Segment => !!s)
              .map((s) => {
                const stale = s.dubs[language]?.audio_stale;
                return (
                  <button
                    key={s.id}
                    type="button"
                    title={s.dubs[language]?.text || s.text}
                    aria-label={`Segment ${s.start_time.toFixed(1)}–${s.end_time.toFixed(1)} s`}
                    aria-pressed={selected === s.id}
                    onClick={() => onSelect(s.id)}
                    style={{ left: pct(s.start_time), width: pct(s.end_time - s.start_time) }}
                    className={`absolute inset-y-1 min-w-[6px] overflow-hidden rounded px-1 text-left text-[10px] leading-7 whitespace-nowrap text-white ${
                      selected === s.id ? 'ring-2 ring-amber-400' : ''
                    } ${stale ? 'bg-amber-600' : 'bg-indigo-600'}`}
                  >
                    {s.dubs[language]?.text || s.text}
                  </button>
                );
              })}
            <div
              aria-hidden
              className="pointer-events-none absolute inset-y-0 w-px bg-rose-500"
              style={{ left: pct(playhead) }}
            />
          </div>
        </div>
      ))}
      <p className="pl-22 text-[10px] text-zinc-500">
        0 s – {duration.toFixed(1)} s · amber: changed, spoken again at the next dub or render
      </p>
    </div>
  );
}
