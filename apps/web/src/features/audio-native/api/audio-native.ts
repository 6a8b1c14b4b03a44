import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { audioNativeList, audioNativeSettings } from '@vocalis/contracts/audio-native';
import type { z } from 'zod';

import { api, request } from '@/lib/api-client';

export type AudioNativeProject = z.infer<typeof audioNativeList>['projects'][number];
export type AudioNativeSettings = z.infer<typeof audioNativeSettings>;
export type PlayerSettings = Partial<
  Pick<
    AudioNativeSettings['settings'],
    'title' | 'author' | 'image' | 'small' | 'text_color' | 'background_color' | 'sessionization'
  >
>;

export const audioNativeKeys = {
  all: ['audio-native'] as const,
  list: ['audio-native', 'list'] as const,
  settings: (id: string) => ['audio-native', 'settings', id] as const,
};

/** GET /v1/audio-native. */
export const useAudioNativeProjects = () =>
  useQuery({
    queryKey: audioNativeKeys.list,
    queryFn: ({ signal }) => api.get<{ projects: AudioNativeProject[] }>('/v1/audio-native', { signal }),
    // Narration is a background job: look again while any project is still being narrated.
    refetchInterval: (q) => (q.state.data?.projects.some((p) => p.status === 'processing') ? 2000 : false),
  });

/** GET /v1/audio-native/{id}/settings; polls while the narration is being made. */
export const useAudioNativeSettings = (id: string | null) =>
  useQuery({
    queryKey: audioNativeKeys.settings(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      api.get<AudioNativeSettings>(`/v1/audio-native/${encodeURIComponent(id!)}/settings`, { signal }),
    refetchInterval: (q) => (q.state.data?.settings.status === 'processing' ? 2000 : false),
  });

export type NewAudioNative = {
  name: string;
  title: string;
  author: string;
  voiceId: string;
  file?: File;
  url?: string;
};

/** POST /v1/audio-native (multipart), converted at once. */
export function useCreateAudioNative() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (n: NewAudioNative) => {
      const form = new FormData();
      form.set('name', n.name);
      if (n.title) form.set('title', n.title);
      if (n.author) form.set('author', n.author);
      if (n.voiceId) form.set('voice_id', n.voiceId);
      if (n.file) form.set('file', n.file, n.file.name);
      else if (n.url) form.set('url', n.url);
      form.set('auto_convert', 'true');
      return request<{ project_id: string; html_snippet: string }>('/v1/audio-native', {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: audioNativeKeys.all }),
  });
}

/** POST /v1/audio-native/{id}/content (multipart), converted and published. */
export function useUpdateAudioNativeContent(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file, file.name);
      form.set('auto_convert', 'true');
      form.set('auto_publish', 'true');
      return request(`/v1/audio-native/${encodeURIComponent(id)}/content`, { method: 'POST', body: form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: audioNativeKeys.all }),
  });
}

/** POST /v1/audio-native/{id}/settings: the player's look. */
export function useUpdatePlayer(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PlayerSettings) =>
      api.post<AudioNativeSettings>(`/v1/audio-native/${encodeURIComponent(id)}/settings`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: audioNativeKeys.all }),
  });
}
