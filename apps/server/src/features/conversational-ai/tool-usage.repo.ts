/**
 * Tool usage statistics (decision 233): how often the workspace's conversations called each tool and how long it
 * took, counted from the recorded transcripts (`tool_calls` / `tool_results` by tool name).
 */
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';

export type ToolUsage = { total_calls: number; avg_latency_secs: number };

export async function toolUsageByName(
  db: AppDb,
  workspaceId: string,
  names: string[],
): Promise<Map<string, ToolUsage>> {
  const usage = new Map<string, ToolUsage>();
  if (!names.length) return usage;
  const result = await db.execute(sql`
    SELECT r->>'tool_name' AS name,
           count(*)::int AS calls,
           coalesce(avg((r->>'tool_latency_secs')::float8), 0)::float8 AS latency
      FROM convai_conversations c
     CROSS JOIN LATERAL jsonb_array_elements(c.transcript) AS e
     CROSS JOIN LATERAL jsonb_array_elements(coalesce(e->'tool_results', '[]'::jsonb)) AS r
     WHERE c.workspace_id = ${workspaceId}
       AND jsonb_typeof(c.transcript) = 'array'
       AND r->>'tool_name' IN (${sql.join(
         names.map((n) => sql`${n}`),
         sql`, `,
       )})
     GROUP BY 1`);
  const rows = (result as unknown as { rows: { name: string; calls: number; latency: number }[] }).rows;
  for (const row of rows)
    usage.set(row.name, {
      total_calls: Number(row.calls),
      avg_latency_secs: Math.round(Number(row.latency) * 1000) / 1000,
    });
  return usage;
}
