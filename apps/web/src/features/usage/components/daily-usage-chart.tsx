import type { DayPoint } from '../lib/usage-series';

const dayLabel = (t: number) =>
  new Date(t).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fmt = (n: number) => n.toLocaleString('en-US');

/** A nice round top for the y axis (1, 2 or 5 × 10^n), so the gridlines read well. */
function niceMax(max: number): number {
  if (max <= 0) return 10;
  const pow = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * pow).find((v) => v >= max) ?? max;
}

/** Characters per day as bars, with a y axis, date ticks and an accessible table. */
export function DailyUsageChart({ points }: { points: readonly DayPoint[] }) {
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const ticks = [top, top / 2, 0];
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  return (
    <figure aria-label="Characters per day">
      <div className="flex gap-2">
        <div
          className="flex h-48 flex-col justify-between pb-5 text-right text-[11px] text-zinc-400 tabular-nums"
          aria-hidden="true"
        >
          {ticks.map((t) => (
            <span key={t}>{fmt(t)}</span>
          ))}
        </div>
        <div className="relative flex-1">
          <div
            className="pointer-events-none absolute inset-x-0 top-0 bottom-5 flex flex-col justify-between"
            aria-hidden="true"
          >
            {ticks.map((t) => (
              <div key={t} className="border-t border-dashed border-zinc-200 dark:border-zinc-800" />
            ))}
          </div>
          <div className="relative flex h-48 items-end gap-[2px] pb-5" aria-hidden="true">
            {points.map((p, i) => (
              <div key={p.t} className="group relative flex h-full flex-1 flex-col justify-end">
                <div
                  className="mx-auto w-full max-w-10 min-h-px rounded-t-sm bg-indigo-500/85 transition-colors group-hover:bg-indigo-600 dark:bg-indigo-400/80"
                  style={{ height: `${(p.value / top) * 100}%` }}
                  title={`${dayLabel(p.t)}: ${fmt(p.value)} characters`}
                />
                {i % labelEvery === 0 ? (
                  <span className="absolute -bottom-0.5 left-0 translate-y-full text-[10px] whitespace-nowrap text-zinc-400">
                    {dayLabel(p.t)}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        </div>
      </div>
      <table className="sr-only">
        <caption>Characters per day</caption>
        <thead>
          <tr>
            <th>Day</th>
            <th>Characters</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.t}>
              <td>{dayLabel(p.t)}</td>
              <td>{fmt(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
