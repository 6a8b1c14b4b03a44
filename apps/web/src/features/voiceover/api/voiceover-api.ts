import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VoiceoverProjectDto, VoiceoverProjectsDto } from '@vocalis/contracts/voiceover';

import { api, requestRaw } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { showErrorToast } from '@/lib/error-toast';
import { useLiveCollection } from '@/lib/live';

export const voiceoverKeys = {
  all: ['voiceover'] as const,
  project: (id: string) => ['voiceover', 'project', id] as const,
};

const path = (id: string) => `/v1/voiceover/${encodeURIComponent(id)}`;

/**
 * The workspace's projects, and the open project, refetched when the live `dubbing` collection (which carries
 * voiceover projects too: decision 223) reports a change, so export progress shows as it happens.
 */
export function useVoiceoverProjects() {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: voiceoverKeys.all });
  useLiveCollection('dubbing', refetch, refetch);
  return useQuery({
    queryKey: voiceoverKeys.all,
    queryFn: ({ signal }) => api.get<VoiceoverProjectsDto>('/v1/voiceover', { signal }),
    staleTime: 0,
  });
}

export function useVoiceoverProject(id: string) {
  return useQuery({
    queryKey: voiceoverKeys.project(id),
    queryFn: ({ signal }) => api.get<VoiceoverProjectDto>(path(id), { signal }),
    staleTime: 0,
    // An export in progress is also polled, in case the live channel is down.
    refetchInterval: (q) => (q.state.data?.export_status === 'exporting' ? 2000 : false),
  });
}

export function useCreateVoiceover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name }: { file: File; name: string }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      if (name) form.append('name', name);
      return api.post<VoiceoverProjectDto>('/v1/voiceover', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceoverKeys.all, exact: true }),
    onError: (e) => showErrorToast(e),
  });
}

export function useDeleteVoiceover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(path(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceoverKeys.all, exact: true }),
    onError: (e) => showErrorToast(e),
  });
}

export type ProjectChange =
  | { method: 'PATCH' | 'POST' | 'DELETE'; to: string; body?: unknown }
  | { method: 'POST'; to: string; form: FormData };

/** Any change of the project (tracks, clips, settings): the answer is the project, put straight in the cache. */
export function useProjectChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: ProjectChange) => {
      const url = `${path(id)}${c.to}`;
      const body = 'form' in c ? c.form : c.body;
      if (c.method === 'PATCH') return api.patch<VoiceoverProjectDto>(url, body);
      if (c.method === 'DELETE') return api.delete<VoiceoverProjectDto>(url);
      return api.post<VoiceoverProjectDto>(url, body);
    },
    onSuccess: (project) => {
      queryClient.setQueryData(voiceoverKeys.project(id), project);
      void queryClient.invalidateQueries({ queryKey: voiceoverKeys.all, exact: true });
      // A generated clip spent characters: the credits meter shows it.
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    onError: (e) => showErrorToast(e),
  });
}

export function useStartExport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ status: 'exporting' }>(`${path(id)}/export`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceoverKeys.project(id) }),
    onError: (e) => showErrorToast(e),
  });
}

/** The project's video, a clip's audio or the export, as a blob (with the session's token). */
export const getVideo = async (id: string) => (await requestRaw(`${path(id)}/video`)).blob();
export const getClipAudio = async (id: string, trackId: string, clipId: string) =>
  (await requestRaw(`${path(id)}/tracks/${trackId}/clips/${clipId}/audio`)).blob();
export const getExport = async (id: string) => (await requestRaw(`${path(id)}/export`)).blob();
