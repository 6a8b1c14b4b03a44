import type { CharacterStatsQuery, CharacterStatsResponse } from '@vocalis/contracts/billing';
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { characterBuckets } from '../usage/usage.repo';
import * as repo from './billing.repo';

const DAY = 86_400_000;
/** Longest window a chart may ask for (a little over a year of days). */
const MAX_WINDOW_MS = 400 * DAY;

/** The start of the bucket that holds `t` (UTC calendar units, like date_trunc). */
function truncate(t: number, unit: 'hour' | 'day' | 'week' | 'month'): number {
  const d = new Date(t);
  if (unit === 'hour') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours());
  if (unit === 'day') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (unit === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return day - ((d.getUTCDay() + 6) % 7) * DAY; // ISO weeks start on Monday, as date_trunc('week')
}

function next(t: number, unit: 'hour' | 'day' | 'week' | 'month'): number {
  if (unit === 'hour') return t + 3_600_000;
  if (unit === 'day') return t + DAY;
  if (unit === 'week') return t + 7 * DAY;
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/**
 * GET /v1/usage/character-stats: characters per bucket along a time axis, one series per breakdown key
 * (voice id, model id, API key id, user, source), from the usage records of completed generations.
 */
export async function characterStats(
  db: AppDb,
  userId: string,
  q: CharacterStatsQuery,
): Promise<CharacterStatsResponse> {
  if (q.end_unix < q.start_unix)
    throw badRequest('end_unix must not be before start_unix.', 'invalid_time_range');
  if (q.end_unix - q.start_unix > MAX_WINDOW_MS)
    throw badRequest('The time range may span at most 400 days.', 'invalid_time_range');
  if (q.breakdown_type === 'user' && !q.include_workspace_metrics) {
    throw badRequest('breakdown_type user needs include_workspace_metrics=true.', 'invalid_breakdown');
  }
  const ws = await repo.memberWorkspace(db, userId);
  if (!ws) throw notFound('The user has no workspace.', 'workspace_not_found');
  const size = q.aggregation_bucket_size;
  const bucket: Parameters<typeof characterBuckets>[1]['bucket'] =
    size !== undefined
      ? { seconds: size }
      : q.aggregation_interval === 'cumulative'
        ? ('cumulative' as const)
        : { unit: q.aggregation_interval };
  const time: number[] = [];
  if (bucket === 'cumulative') time.push(q.start_unix);
  else if ('seconds' in bucket) {
    const size = bucket.seconds * 1000;
    for (let t = Math.floor(q.start_unix / size) * size; t <= q.end_unix; t += size) time.push(t);
  } else {
    for (let t = truncate(q.start_unix, bucket.unit); t <= q.end_unix; t = next(t, bucket.unit)) time.push(t);
  }
  const rows = await characterBuckets(db, {
    workspaceId: ws.id,
    // Without workspace metrics, only the caller's own generations count.
    userId: q.include_workspace_metrics ? null : userId,
    // Each bucket on the axis counts whole (issue 16): a window that starts mid-day (a billing period
    // that began at the upgrade) still shows that day's characters from before its start.
    from: new Date(time[0] ?? q.start_unix),
    to: new Date(q.end_unix),
    bucket,
    breakdown: q.breakdown_type,
  });
  const index = new Map(time.map((t, i) => [t, i]));
  const usage: Record<string, number[]> = {};
  if (q.breakdown_type === 'none') usage.All = time.map(() => 0);
  for (const row of rows) {
    const key = row.key ?? 'unknown';
    const i = index.get(row.bucket);
    if (i === undefined) continue;
    (usage[key] ??= time.map(() => 0))[i]! += row.characters;
  }
  return { time, usage };
}
