import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DubbingResource } from '@vocalis/contracts/dubbing-resource';

import { api } from '@/lib/api-client';

import { dubbingKeys } from './get-dubs';

const path = (id: string) => `/v1/dubbing/resource/${encodeURIComponent(id)}`;
const resourceKey = (id: string) => [...dubbingKeys.resources, id] as const;

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

/** Everything an edit changes: the resource and, for jobs, the list of dubs (their status). */
function useEdit<T>(id: string, fn: (e: T) => Promise<unknown>, job = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: resourceKey(id) });
      if (job) await queryClient.invalidateQueries({ queryKey: dubbingKeys.all, exact: true });
    },
  });
}

/** PATCH …/segment/{segment_id}/{language}: timing, and the text (source) or translation (a target). */
export const useEditSegment = (id: string) =>
  useEdit(
    id,
    (e: { segmentId: string; language: string; start_time?: number; end_time?: number; text?: string }) =>
      api.patch<{ version: number }>(
        `${path(id)}/segment/${encodeURIComponent(e.segmentId)}/${encodeURIComponent(e.language)}`,
        { start_time: e.start_time, end_time: e.end_time, text: e.text },
      ),
  );

/** POST …/migrate-segments: segments to another speaker. */
export const useMoveSegments = (id: string) =>
  useEdit(id, (e: { segmentIds: string[]; speakerId: string }) =>
    api.post<{ version: number }>(`${path(id)}/migrate-segments`, {
      segment_ids: e.segmentIds,
      speaker_id: e.speakerId,
    }),
  );

/** POST …/translate: segments (all when empty) translated again. */
export const useTranslateSegments = (id: string) =>
  useEdit(id, (e: { segments: string[]; languages: string[] }) =>
    api.post<{ version: number }>(`${path(id)}/translate`, e),
  );

/** POST …/dub: segments (all when empty) spoken again where they changed (a job). */
export const useDubSegments = (id: string) =>
  useEdit(
    id,
    (e: { segments: string[]; languages: string[] }) => api.post<{ version: number }>(`${path(id)}/dub`, e),
    true,
  );

/** POST …/language: a target language added (every segment translated into it). */
export const useAddLanguage = (id: string) =>
  useEdit(
    id,
    (language: string) => api.post<{ version: number }>(`${path(id)}/language`, { language }),
    true,
  );
