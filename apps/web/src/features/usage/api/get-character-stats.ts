import { queryOptions, useQuery } from '@tanstack/react-query';
import { BILLING_PATHS, type CharacterStatsResponse } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

export type StatsBreakdown = 'none' | 'voice' | 'model' | 'api_keys' | 'user';

export type StatsRequest = {
  startMs: number;
  endMs: number;
  workspace: boolean;
  breakdown: StatsBreakdown;
};

/** GET /v1/usage/character-stats: characters per day along a time axis (ms), one series per key. */
export function getCharacterStats(req: StatsRequest, signal?: AbortSignal) {
  return api.get<CharacterStatsResponse>(BILLING_PATHS.characterStats, {
    signal,
    params: {
      start_unix: req.startMs,
      end_unix: req.endMs,
      include_workspace_metrics: req.workspace,
      breakdown_type: req.breakdown,
      aggregation_interval: 'day',
      metric: 'tts_characters',
    },
  });
}

export const characterStatsQueryOptions = (req: StatsRequest) =>
  queryOptions({
    queryKey: ['usage', 'character-stats', req] as const,
    queryFn: ({ signal }) => getCharacterStats(req, signal),
  });

export function useCharacterStats(req: StatsRequest) {
  return useQuery(characterStatsQueryOptions(req));
}
