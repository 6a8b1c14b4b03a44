import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockTake } from '@vocalis/contracts/studio-takes';

import { api, requestRaw } from '@/lib/api-client';

import { studioKeys } from './projects';

export type { BlockTake };

const blockPath = (p: string, c: string, b: string) =>
  `/v1/studio/projects/${encodeURIComponent(p)}/chapters/${encodeURIComponent(c)}/blocks/${encodeURIComponent(b)}`;

export const takesKey = (projectId: string, blockId: string) =>
  [...studioKeys.all, 'takes', projectId, blockId] as const;

/** GET the block's takes (oldest first) with their alignment. */
export const fetchTakes = (projectId: string, chapterId: string, blockId: string, signal?: AbortSignal) =>
  api.get<{ takes: BlockTake[] }>(`${blockPath(projectId, chapterId, blockId)}/takes`, { signal });

export const useTakes = (projectId: string, chapterId: string, blockId: string, enabled: boolean) =>
  useQuery({
    queryKey: takesKey(projectId, blockId),
    queryFn: ({ signal }) => fetchTakes(projectId, chapterId, blockId, signal),
    enabled,
  });

/** Generate one block now (a new take that becomes current), and choose a take. */
export function useTakeMutations(projectId: string, chapterId: string) {
  const qc = useQueryClient();
  // Not awaited: a save is done when the server answers; the refetch (and live updates) follow.
  const done = () => void qc.invalidateQueries({ queryKey: studioKeys.all });
  return {
    generate: useMutation({
      mutationFn: (blockId: string) =>
        api.post<{ take: BlockTake }>(`${blockPath(projectId, chapterId, blockId)}/generate`, {}),
      onSuccess: done,
    }),
    select: useMutation({
      mutationFn: (v: { blockId: string; takeId: string }) =>
        api.post<{ take: BlockTake }>(
          `${blockPath(projectId, chapterId, v.blockId)}/takes/${encodeURIComponent(v.takeId)}/select`,
          {},
        ),
      onSuccess: done,
    }),
  };
}

/** A take's audio (wav) as a blob. */
export async function takeAudio(
  projectId: string,
  chapterId: string,
  blockId: string,
  takeId: string,
): Promise<Blob> {
  return (
    await requestRaw(`${blockPath(projectId, chapterId, blockId)}/takes/${encodeURIComponent(takeId)}/audio`)
  ).blob();
}
