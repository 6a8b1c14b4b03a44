import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DubbingResource } from '@vocalis/contracts/dubbing-resource';

import { api } from '@/lib/api-client';

import { dubbingKeys } from './get-dubs';

const path = (id: string) => `/v1/dubbing/resource/${encodeURIComponent(id)}`;
const resourceKey = (id: string) => ['dubbing', 'resource', id] as const;

/** GET /v1/dubbing/resource/{id}: speakers, segments and their translations. */
export function useDubResource(id: string) {
  return useQuery({
    queryKey: resourceKey(id),
    queryFn: ({ signal }) => api.get<DubbingResource>(path(id), { signal }),
    staleTime: 0,
  });
}

/** PATCH …/segment/{segment_id}/{language}: a segment's text in that language. */
export function useUpdateSegment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (e: { segmentId: string; language: string; text: string }) =>
      api.patch<{ version: number }>(
        `${path(id)}/segment/${encodeURIComponent(e.segmentId)}/${encodeURIComponent(e.language)}`,
        { text: e.text },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(id) }),
  });
}

/** POST …/render/{language}: the dub made again from the edited segments. */
export function useRenderDub(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (e: { language: string; type: 'mp4' | 'mp3' }) =>
      api.post<{ version: number; render_id: string }>(
        `${path(id)}/render/${encodeURIComponent(e.language)}`,
        {
          render_type: e.type,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dubbingKeys.all, exact: true }),
  });
}
