import type { KeyTotal } from '../lib/usage-series';

const COLORS = [
  'bg-indigo-500',
  'bg-sky-500',
  'bg-emerald-500',
  'bg-amber-500',
  'bg-rose-500',
  'bg-violet-500',
  'bg-zinc-400',
];

/** Totals per key as horizontal bars with their share of the window's characters. */
export function BreakdownChart({
  title,
  rows,
  nameOf,
  empty,
}: {
  title: string;
  rows: readonly KeyTotal[];
  nameOf: (key: string) => string;
  empty: string;
}) {
  const sum = rows.reduce((a, r) => a + r.total, 0);
  const max = rows[0]?.total ?? 0;
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-white">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-6 mb-4 text-center text-sm text-zinc-500 dark:text-zinc-400">{empty}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.slice(0, 8).map((row, i) => (
            <li key={row.key}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="truncate text-zinc-700 dark:text-zinc-300" title={row.key}>
                  {nameOf(row.key)}
                </span>
                <span className="shrink-0 text-zinc-500 tabular-nums dark:text-zinc-400">
                  {row.total.toLocaleString('en-US')} · {Math.round((row.total / sum) * 100)}%
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
                <div
                  className={`h-full rounded-full ${COLORS[i % COLORS.length]}`}
                  style={{ width: `${(row.total / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
